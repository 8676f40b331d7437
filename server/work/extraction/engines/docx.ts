import mammoth from 'mammoth';
import { ExtractionError, WORD_DAMAGED } from '../errors';

/** Text of a .docx: mammoth ends every paragraph with a blank line and keeps manual breaks. */
export async function extractDocx(bytes: Uint8Array): Promise<string> {
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = await mammoth.extractRawText({ buffer });
    return result.value;
  } catch (error) {
    // A zip without word/document.xml, or a zip cut short.
    throw new ExtractionError(WORD_DAMAGED, 'damaged', { cause: error });
  }
}
