import { crc32, deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph } from 'docx';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { inspectUpload, MAX_UPLOAD_BYTES } from './inspect';

/** The AppError an inspection fails with, or a test failure if it does not fail. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => expect.fail('expected the upload to be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const MINIMAL_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

/** A Word 97-2003 header is enough for the content check: OLE magic plus the stream name. */
function fakeDoc(streamName = 'WordDocument'): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([
    header,
    Buffer.alloc(504),
    Buffer.from(streamName, 'utf16le'),
    Buffer.alloc(64),
  ]);
}

async function makeDocx(): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: [new Paragraph('My essay about rivers.')] }] });
  return Packer.toBuffer(doc);
}

/** A photo as a phone takes it: GPS position, camera make and a sideways orientation tag. */
function photoWithGps(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Pupil Phone 7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .withMetadata({ orientation: 6 });
}

/**
 * A PNG whose header claims the given size but holds almost no pixel data: sharp reads
 * the size without decoding, and decoding it fails.
 */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('inspectUpload: sizes', () => {
  it('refuses an empty file', async () => {
    const error = await refusal(inspectUpload(Buffer.alloc(0), 'essay.pdf'));
    expect([error.statusCode, error.code, error.message]).toEqual([
      400,
      'file_empty',
      'The file is empty.',
    ]);
  });

  it('refuses a file over 20 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from(MINIMAL_PDF), Buffer.alloc(21 * 1024 * 1024)]);
    const error = await refusal(inspectUpload(big, 'essay.pdf'));
    expect([error.statusCode, error.code]).toEqual([413, 'file_too_large']);
    expect(error.message).toBe('The file is too large. The maximum size is 20 MB.');
  });

  it('accepts a file of exactly the limit', async () => {
    const atLimit = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
    atLimit.write('%PDF-1.4\n', 0, 'latin1');
    await expect(inspectUpload(atLimit, 'essay.pdf')).resolves.toMatchObject({ kind: 'pdf' });
  });
});

describe('inspectUpload: documents', () => {
  it('accepts a PDF and keeps its bytes as they are', async () => {
    const bytes = Buffer.from(MINIMAL_PDF);
    const result = await inspectUpload(bytes, 'My Essay.PDF');
    expect(result).toEqual({
      kind: 'pdf',
      contentType: 'application/pdf',
      extension: 'pdf',
      bytes,
    });
  });

  it('accepts a truncated PDF (extraction reports the damage later)', async () => {
    const truncated = Buffer.from(MINIMAL_PDF.slice(0, 60));
    await expect(inspectUpload(truncated, 'essay.pdf')).resolves.toMatchObject({ kind: 'pdf' });
  });

  it('accepts a DOCX made by Word-compatible software', async () => {
    const bytes = await makeDocx();
    const result = await inspectUpload(bytes, 'essay.docx');
    expect(result.kind).toBe('docx');
    expect(result.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(result.bytes).toBe(bytes);
  });

  it('accepts a Word 97-2003 document, but not another Office file in the same wrapper', async () => {
    const result = await inspectUpload(fakeDoc(), 'essay.doc');
    expect([result.kind, result.contentType, result.extension]).toEqual([
      'doc',
      'application/msword',
      'doc',
    ]);
    const spreadsheet = await refusal(inspectUpload(fakeDoc('Workbook'), 'essay.doc'));
    expect(spreadsheet.code).toBe('unsupported_file_type');
  });

  it('lets .doc and .docx names stand for each other, storing what the content is', async () => {
    expect((await inspectUpload(await makeDocx(), 'essay.doc')).extension).toBe('docx');
    expect((await inspectUpload(fakeDoc(), 'essay.docx')).extension).toBe('doc');
  });
});

describe('inspectUpload: names and contents', () => {
  it('refuses a PNG renamed .pdf, and a PDF renamed .png', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const renamed = await refusal(inspectUpload(png, 'essay.pdf'));
    expect([renamed.statusCode, renamed.code]).toEqual([400, 'file_type_mismatch']);
    expect(renamed.message).toBe(
      "The file's contents do not match its name. Please upload the original file.",
    );
    const pdfAsPng = await refusal(inspectUpload(Buffer.from(MINIMAL_PDF), 'photo.png'));
    expect(pdfAsPng.code).toBe('file_type_mismatch');
  });

  it('refuses an HTML page saved as .pdf', async () => {
    const html = Buffer.from('<!doctype html><html><body>Sign in to continue</body></html>');
    expect((await refusal(inspectUpload(html, 'homework.pdf'))).code).toBe('file_type_mismatch');
  });

  it('refuses other file types, whatever their content', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    for (const [bytes, name] of [
      [gif, 'drawing.gif'],
      [gif, 'drawing.png'],
      [Buffer.from('just some notes'), 'notes.txt'],
      [Buffer.from(MINIMAL_PDF), 'essay'],
      [Buffer.from('MZ\x90\x00'), 'essay.pdf.exe'],
    ] as const) {
      const error = await refusal(inspectUpload(bytes, name));
      expect(error.code, name).toBe('unsupported_file_type');
      expect(error.message).toMatch(
        /Please upload a PDF, Word document \(\.doc, \.docx\) or a JPG or PNG image/,
      );
    }
  });
});

describe('inspectUpload: images', () => {
  it('strips EXIF (GPS included) from a JPEG and turns it upright', async () => {
    const original = await photoWithGps(64, 48).jpeg().toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');
    expect(before.orientation).toBe(6);

    const result = await inspectUpload(original, 'photo.jpeg');
    expect([result.kind, result.contentType, result.extension]).toEqual([
      'jpg',
      'image/jpeg',
      'jpg',
    ]);
    const after = await sharp(result.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 means "rotate 90° clockwise to view": the pixels now stand upright.
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(result.bytes.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('strips EXIF and XMP from a PNG, keeping it a lossless PNG', async () => {
    const original = await photoWithGps(40, 30)
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Pupil Name"/></rdf:RDF></x:xmpmeta>',
      )
      .png()
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();

    const result = await inspectUpload(original, 'scan.png');
    const after = await sharp(result.bytes).metadata();
    expect([after.format, after.exif, after.xmp]).toEqual(['png', undefined, undefined]);
    expect(result.bytes.includes(Buffer.from('Pupil Name'))).toBe(false);
    // Lossless: the same pixels as the original turned upright.
    const expected = await sharp(original).autoOrient().raw().toBuffer();
    expect((await sharp(result.bytes).raw().toBuffer()).equals(expected)).toBe(true);
  });

  it('refuses images over 8,000 px on a side or 40 megapixels, before decoding them', async () => {
    for (const [width, height] of [
      [8_001, 10],
      [10, 8_001],
      [7_000, 7_000],
      [100_000, 100_000],
    ]) {
      const error = await refusal(inspectUpload(pngHeaderOnly(width!, height!), 'scan.png'));
      expect([error.statusCode, error.code], `${width}x${height}`).toEqual([
        400,
        'image_too_large',
      ]);
      expect(error.message).toMatch(/8,000 pixels on each side and 40 megapixels/);
    }
  });

  it('refuses a damaged image', async () => {
    const photo = await photoWithGps(640, 480).jpeg().toBuffer();
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    expect((await refusal(inspectUpload(truncated, 'photo.jpg'))).code).toBe('damaged_file');
    const noPixels = pngHeaderOnly(100, 100);
    expect((await refusal(inspectUpload(noPixels, 'scan.png'))).code).toBe('damaged_file');
  });
});
