import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { ExtractionError } from '../errors';
import { linesToText, type PlacedLine } from '../layout';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

// Everything tesseract.js needs is read from node_modules, so OCR works offline. Without a
// langPath it downloads the model from a CDN; with the default cacheMethod it then writes
// an unpacked copy into the working directory. The package folder is our cache: read it,
// write nothing. 4.0.0_best_int is the LSTM-only model tesseract.js itself picks for OEM 1.
const workerOptions = {
  langPath: join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int'),
  gzip: true,
  cacheMethod: 'none',
  // Only used by browsers; Node loads the core with require() from node_modules.
  corePath: packageDir('tesseract.js-core'),
};

const IMAGE_DAMAGED = 'This picture is damaged or in a format that could not be read.';
const OCR_FAILED = 'The text of this picture could not be read. Please try again.';
// Tesseract misreads small print: a 620-pixel-wide photo of an A4 essay gave 39% of its
// words as is and all of them enlarged to 1240 (A4 at 150 dpi). Phone photos are larger
// than the text needs; reducing them to 3000 pixels keeps the slowest picture in bounds.
const MIN_WIDTH = 1240;
const MAX_SIDE = 3000;
// Lines Tesseract is less sure of than this are paper texture or shadows read as letters:
// on the blank-page fixture no line reaches 35, while clear print scores above 90.
const MIN_LINE_CONFIDENCE = 50;

let worker: Promise<Worker> | undefined;
// One worker does one picture at a time; later calls wait their turn.
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Promise<Worker> {
  if (!worker) {
    worker = createWorker('eng', OEM.LSTM_ONLY, workerOptions).then(async (created) => {
      await created.setParameters({ tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300' });
      return created;
    });
    // A failed start is retried on the next call rather than remembered for ever.
    worker.catch(() => {
      worker = undefined;
    });
  }
  return worker;
}

/** Stops the OCR worker thread (tests and the benchmark call it so Node can exit). */
export async function shutdownOcr(): Promise<void> {
  const current = worker;
  worker = undefined;
  const started = await current?.catch(() => undefined);
  await started?.terminate();
}

async function prepare(bytes: Uint8Array): Promise<Buffer> {
  try {
    // autoOrient applies the EXIF orientation of phone photos; greyscale and normalise
    // even out coloured paper and dim light. failOn 'error' still refuses truncated or
    // corrupt pixel data but, unlike the default, not the harmless warnings of some cameras.
    const image = sharp(bytes, { failOn: 'error', autoOrient: true }).greyscale().normalise();
    const { width, height } = (await image.metadata()).autoOrient;
    const longest = Math.max(width, height);
    if (longest > MAX_SIDE) {
      image.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside' });
    } else if (width < MIN_WIDTH) {
      image.resize({ width: Math.min(MIN_WIDTH, Math.round((width * MAX_SIDE) / longest)) });
    }
    return await image.png({ compressionLevel: 1 }).toBuffer();
  } catch (error) {
    throw new ExtractionError(IMAGE_DAMAGED, 'damaged', { cause: error });
  }
}

// tesseract.js 7 reports rowHeight, though its typings say row_height.
type RowAttributes = { rowHeight?: number; row_height?: number };

async function recognise(png: Buffer): Promise<string> {
  const { data } = await (await getWorker()).recognize(png, {}, { text: false, blocks: true });
  const lines: PlacedLine[] = [];
  for (const block of data.blocks ?? []) {
    // Tesseract's own paragraphs and blocks are not used: on a photographed essay it
    // often puts the short last line of a paragraph in a block of its own.
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.words.map((word) => word.text).join(' ');
        if (line.confidence < MIN_LINE_CONFIDENCE || !/[\p{L}\p{N}]/u.test(text)) continue;
        const row = line.rowAttributes as RowAttributes | undefined;
        lines.push({
          text,
          left: line.bbox.x0,
          right: line.bbox.x1,
          top: (line.baseline.y0 + line.baseline.y1) / 2,
          size: row?.rowHeight ?? row?.row_height ?? line.bbox.y1 - line.bbox.y0,
        });
      }
    }
  }
  return linesToText(lines);
}

/** Text of a photo or scan (JPEG or PNG), read by Tesseract on this machine. */
export async function extractImage(bytes: Uint8Array): Promise<string> {
  const png = await prepare(bytes);
  const turn = queue.then(async () => {
    try {
      return await recognise(png);
    } catch (error) {
      // The worker may be left in a bad state, or gone: the next picture gets a new one.
      await shutdownOcr().catch(() => undefined);
      throw new ExtractionError(OCR_FAILED, 'damaged', { cause: error });
    }
  });
  queue = turn.catch(() => undefined);
  return turn;
}
