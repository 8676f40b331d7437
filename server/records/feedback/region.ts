import {
  MAX_REGION_CROP_BYTES,
  MAX_REGION_CROP_SIDE,
  type Region,
} from '../../../contract/feedback';
import { INK_RGB, type Ink, inkOpacity, strokePath } from '../../../contract/ink';
import type { files } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { loadPdfLib, loadSharp } from '../../platform/lazy-modules';
import type { AppContext } from '../../records/context';
import { documentKindOf } from '../documents';
import { MAX_IMAGE_PIXELS, storeFile } from '../uploads';

type FileRow = typeof files.$inferSelect;

/** The crop shown in feedback lists and exports: small, whatever the photo's size. */
const CROP_MAX_SIDE = 480;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const REGION_NOT_ON_FILE =
  'Regions can be marked only on a PDF or a photo as it was handed in';

/**
 * Checks the region against the file as handed in and returns the PNG crop to keep with
 * it: cut from a photo here, or, for a PDF page (which the server does not render), the
 * browser's picture of it once checked to be a real, small PNG. A PDF region sent
 * without a picture keeps none.
 */
export async function regionCropFor(
  ctx: AppContext,
  file: FileRow | null,
  region: Region,
  browserCrop: string | null | undefined,
  ink: Ink | null = null,
): Promise<Buffer | null> {
  const kind = file ? documentKindOf(file.storageKey) : null;
  if (!file || (kind !== 'pdf' && kind !== 'jpg' && kind !== 'png')) {
    throw badRequest(REGION_NOT_ON_FILE, 'validation_error');
  }
  const bytes = await ctx.files.read(file.storageKey);
  if (kind === 'pdf') {
    const pages = await pdfPageCount(bytes);
    if (region.page > pages) {
      throw badRequest(
        `The region is on page ${region.page}, but this file has ${pages} page${pages === 1 ? '' : 's'}`,
        'validation_error',
      );
    }
    return browserCrop ? checkedPng(browserCrop) : null;
  }
  if (region.page !== 1) {
    throw badRequest(
      ink
        ? 'A photo has one page: the drawing must be on page 1'
        : 'A photo has one page: the region must be on page 1',
      'validation_error',
    );
  }
  return cropPhoto(bytes, region, ink);
}

/**
 * The drawing as an SVG over a part of a photo of `width` × `height` pixels (`view`, in the
 * photo's pixels), for sharp to lay over that part: the same paths, colours and opacities
 * as the page view draws (contract/ink.ts).
 */
export function inkSvg(
  ink: Ink,
  width: number,
  height: number,
  view: { left: number; top: number; width: number; height: number },
): Buffer {
  const paths = ink.strokes
    .map((stroke) => {
      const [r, g, b] = INK_RGB[stroke.colour].map((c) => Math.round(c * 255));
      return `<path d="${strokePath(stroke, width, height)}" fill="none" stroke="rgb(${r},${g},${b})" stroke-opacity="${inkOpacity(stroke.tool)}" stroke-width="${(stroke.width * width).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${view.width}" height="${view.height}" viewBox="${view.left} ${view.top} ${view.width} ${view.height}">${paths}</svg>`,
  );
}

async function pdfPageCount(bytes: Buffer): Promise<number> {
  const { PDFDocument } = await loadPdfLib();
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount();
  } catch {
    throw badRequest('The handed-in PDF could not be read to place the region', 'validation_error');
  }
}

/**
 * The region cut from the photo (stored upright at upload) and shrunk to a list thumbnail,
 * with the drawing on it when there is one.
 */
export async function cropPhoto(bytes: Buffer, region: Region, ink: Ink | null = null) {
  const sharp = await loadSharp();
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
  const { width = 0, height = 0 } = await image.metadata();
  if (!width || !height) throw badRequest('The photo could not be read', 'validation_error');
  const left = Math.min(width - 1, Math.max(0, Math.floor(region.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(region.y * height)));
  const right = Math.max(left + 1, Math.min(width, Math.ceil((region.x + region.width) * width)));
  const bottom = Math.max(
    top + 1,
    Math.min(height, Math.ceil((region.y + region.height) * height)),
  );
  const part = { left, top, width: right - left, height: bottom - top };
  const cut = image.extract(part);
  // sharp lays a composite after resizing: the drawing goes on the cut part first.
  const drawn = ink
    ? sharp(await cut.png().toBuffer()).composite([
        { input: inkSvg(ink, width, height, part), top: 0, left: 0 },
      ])
    : cut;
  const flat = ink ? sharp(await drawn.png().toBuffer()) : drawn;
  return flat
    .resize(CROP_MAX_SIDE, CROP_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const BAD_CROP = 'The picture of the region must be a PNG image';

/**
 * The browser's picture of a region, accepted only as what it claims to be: a PNG (by its
 * signature and by decoding it), within the byte and pixel bounds. It is re-encoded, so
 * nothing but pixels is kept.
 */
export async function checkedPng(data: string): Promise<Buffer> {
  const base64 = data.replace(/^data:image\/png;base64,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(BAD_CROP, 'validation_error');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_REGION_CROP_BYTES) {
    throw badRequest('The picture of the region is too large', 'validation_error');
  }
  if (bytes.length < PNG_MAGIC.length || !bytes.subarray(0, 8).equals(PNG_MAGIC)) {
    throw badRequest(BAD_CROP, 'validation_error');
  }
  const limit = MAX_REGION_CROP_SIDE * MAX_REGION_CROP_SIDE;
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: limit, failOn: 'warning' });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (format !== 'png' || !width || !height) throw badRequest(BAD_CROP, 'validation_error');
    if (width > MAX_REGION_CROP_SIDE || height > MAX_REGION_CROP_SIDE) {
      throw badRequest(
        `The picture of the region must be at most ${MAX_REGION_CROP_SIDE} pixels a side`,
        'validation_error',
      );
    }
    return await image
      .resize(CROP_MAX_SIDE, CROP_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw badRequest(BAD_CROP, 'validation_error');
  }
}

export function storeRegionCrop(ctx: AppContext, teacherId: number, png: Buffer) {
  return storeFile(ctx, {
    teacherId,
    bytes: png,
    originalName: 'region.png',
    contentType: 'image/png',
    extension: 'png',
    uploadedBy: 'teacher',
  });
}
