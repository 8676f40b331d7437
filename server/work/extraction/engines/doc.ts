import WordExtractor from 'word-extractor';
import { ExtractionError, WORD_DAMAGED } from '../errors';

const extractor = new WordExtractor();

/**
 * Text of a Word 97–2003 .doc. word-extractor turns both paragraph marks and manual line
 * breaks into "\n", so they cannot be told apart: each becomes a paragraph break.
 */
export async function extractDoc(bytes: Uint8Array): Promise<string> {
  try {
    const document = await extractor.extract(Buffer.from(bytes));
    // Keep the pupil's curly quotes and dashes, as the other engines do.
    return document.getBody({ filterUnicode: false }).replace(/\n+/g, '\n\n');
  } catch (error) {
    throw new ExtractionError(WORD_DAMAGED, 'damaged', { cause: error });
  }
}
