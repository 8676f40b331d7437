import { loadFileType, loadSharp } from '../../platform/lazy-modules';
import { checkDocxArchive } from './inspect-docx';
import {
  damagedFile,
  fileEmpty,
  fileTooLarge,
  fileTypeMismatch,
  imageTooLarge,
  unsupportedFileType,
} from './upload-errors';

export { inspectAudio, MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS } from './inspect-audio';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 8_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

export type UploadKind = 'pdf' | 'docx' | 'doc' | 'jpg' | 'png';

export type InspectedUpload = {
  kind: UploadKind;
  contentType: string;
  extension: string;
  /** What to store: the upload itself, or for images a re-encoded copy without metadata. */
  bytes: Buffer;
};

const CONTENT_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
};

const KIND_BY_EXTENSION: Record<string, UploadKind> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
};

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Every Word 97-2003 file has a stream of this name; Excel and PowerPoint files do not. */
const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

/**
 * Decides whether an upload may be stored, by its content and not its name, and
 * returns the bytes to store. Throws an AppError (400/413) a pupil can act on.
 */
export async function inspectUpload(bytes: Buffer, originalName: string): Promise<InspectedUpload> {
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > MAX_UPLOAD_BYTES) throw fileTooLarge(MAX_UPLOAD_BYTES);

  const named = kindFromName(originalName);
  if (!named) throw unsupportedFileType();
  const found = await sniff(bytes);
  if (found === 'other') throw unsupportedFileType();
  // Content no supported format recognises, under a supported name: a renamed file
  // (an HTML page saved as .pdf) or one damaged at the start.
  if (found === null) throw fileTypeMismatch();
  if (!namesAgree(named, found)) throw fileTypeMismatch();

  const stored = found === 'jpg' || found === 'png' ? await sanitizeImage(bytes, found) : bytes;
  return { kind: found, contentType: CONTENT_TYPES[found], extension: found, bytes: stored };
}

function kindFromName(name: string): UploadKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  return (extension && KIND_BY_EXTENSION[extension]) || null;
}

/**
 * Word opens a .doc saved as .docx and the other way round, and pupils do rename them;
 * what is stored follows the content, so that pairing is not worth a refusal.
 */
function namesAgree(named: UploadKind, found: UploadKind): boolean {
  const word = (kind: UploadKind) => kind === 'doc' || kind === 'docx';
  return named === found || (word(named) && word(found));
}

/**
 * A supported kind, 'other' for a format we recognise but do not take, or null when
 * nothing recognises it. Zips are handled before file-type, which would inflate
 * entries to tell Office formats apart: no zip is unpacked before the bomb checks.
 */
async function sniff(bytes: Buffer): Promise<UploadKind | 'other' | null> {
  // A PDF whose end is missing (no %%EOF, broken xref) is still stored: pdf.js rebuilds
  // many of them, and refusing may cost a pupil the only copy of their work. Text
  // extraction reports real damage later, and the teacher can still download the file.
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, OLE_MAGIC)) return bytes.includes(WORD_STREAM_NAME) ? 'doc' : 'other';
  if (startsWith(bytes, ZIP_MAGIC)) return checkDocxArchive(bytes);
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (!type) return null;
  if (type.mime === 'image/jpeg') return 'jpg';
  if (type.mime === 'image/png') return 'png';
  return 'other';
}

function startsWith(bytes: Buffer, magic: Buffer): boolean {
  return bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);
}

/**
 * Photos carry GPS positions, device serials and embedded thumbnails in EXIF, XMP and
 * IPTC: none of it may be kept for a child's upload. Re-encoding from pixels drops it
 * all (sharp writes no metadata unless asked), after turning the pixels upright, since
 * the orientation tag goes with the rest.
 */
async function sanitizeImage(bytes: Buffer, kind: 'jpg' | 'png'): Promise<Buffer> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    // Reads the header only, so no pixel limit yet: an oversized image should be told
    // it is too large, not that it is damaged.
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw damagedFile();
  }
  if (!width || !height) throw damagedFile();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw imageTooLarge(MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS / 1_000_000);
  }
  // The pixel limit guards the decode too, should the header lie about the size.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' } as const;
  const upright = sharp(bytes, options).autoOrient();
  try {
    return kind === 'jpg'
      ? await upright.jpeg({ quality: 90 }).toBuffer()
      : await upright.png({ compressionLevel: 6 }).toBuffer();
  } catch {
    throw damagedFile();
  }
}
