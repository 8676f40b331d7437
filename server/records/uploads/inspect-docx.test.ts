import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { inspectUpload } from './inspect';
import { isEscapingPath } from './inspect-docx';

type ZipEntry = {
  name: string;
  content: Buffer;
  /** Stored data when set; lets a test write a valid-looking entry with any data. */
  raw?: Buffer;
  /** What the archive claims, which may be a lie. */
  declaredSize?: number;
};

/** A minimal zip writer, so tests can build archives that lie about their contents. */
function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.raw ?? deflateRawSync(entry.content);
    const size = entry.declaredSize ?? entry.content.length;
    const crc = crc32(entry.content);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORD_PARTS: ZipEntry[] = [
  { name: '[Content_Types].xml', content: Buffer.from('<?xml version="1.0"?><Types/>') },
  { name: 'word/document.xml', content: Buffer.from('<w:document><w:body/></w:document>') },
];

async function codeOf(bytes: Buffer, name = 'essay.docx'): Promise<string> {
  const error = await inspectUpload(bytes, name).then(
    () => 'accepted',
    (e: unknown) => e,
  );
  if (error === 'accepted') return error;
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('inspectUpload: DOCX archives', () => {
  it('accepts a plain archive with the Word parts', async () => {
    expect(await codeOf(buildZip(WORD_PARTS))).toBe('accepted');
  });

  it('refuses a zip without the Word parts as another file type', async () => {
    const spreadsheet = buildZip([
      { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', content: Buffer.from('<workbook/>') },
    ]);
    expect(await codeOf(spreadsheet)).toBe('unsupported_file_type');
  });

  it('refuses a zip bomb: 50 MB of zeros in one entry', async () => {
    const zeros = Buffer.alloc(50 * 1024 * 1024);
    const bomb = buildZip([...WORD_PARTS, { name: 'word/media/zeros.bin', content: zeros }]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    const error = await inspectUpload(bomb, 'essay.docx').then(
      () => expect.fail('expected the zip bomb to be refused'),
      (e: unknown) => e as AppError,
    );
    expect([error.statusCode, error.code]).toEqual([400, 'unsafe_file']);
    expect(error.message).toMatch(/save a new copy/);
    // Refused from the directory alone: nothing near 50 MB was inflated.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('lets small entries compress very well (repeated XML is normal)', async () => {
    const repetitive = Buffer.alloc(900 * 1024, 'x');
    const zip = buildZip([...WORD_PARTS, { name: 'word/styles.xml', content: repetitive }]);
    expect(await codeOf(zip)).toBe('accepted');
  });

  it('refuses more than 2,000 entries', async () => {
    const many = Array.from({ length: 2_001 }, (_, i) => ({
      name: `word/media/${i}.xml`,
      content: Buffer.from('<a/>'),
    }));
    expect(await codeOf(buildZip([...WORD_PARTS, ...many]))).toBe('unsafe_file');
    const fine = many.slice(0, 1_998);
    expect(await codeOf(buildZip([...WORD_PARTS, ...fine]))).toBe('accepted');
  });

  it('refuses declared contents adding up to more than 100 MB', async () => {
    // Each entry claims a believable ratio (~60:1); together they claim 120 MB.
    const raw = randomBytes(1024 * 1024);
    const claims = [1, 2].map((i) => ({
      name: `word/media/${i}.bin`,
      content: Buffer.alloc(0),
      raw,
      declaredSize: 60 * 1024 * 1024,
    }));
    expect(await codeOf(buildZip([...WORD_PARTS, ...claims]))).toBe('unsafe_file');
  });

  it('refuses an entry that inflates to more than it declared', async () => {
    const zeros = Buffer.alloc(5 * 1024 * 1024);
    const liar = { name: 'word/media/a.bin', content: zeros, declaredSize: 100 * 1024 };
    expect(await codeOf(buildZip([...WORD_PARTS, liar]))).toBe('damaged_file');
  });

  it('refuses entry names that escape the archive', async () => {
    for (const name of ['../../evil.sh', '/etc/cron.d/x', 'word/../../x', 'C:\\x.dll', '..\\x']) {
      const zip = buildZip([...WORD_PARTS, { name, content: Buffer.from('x') }]);
      expect(await codeOf(zip), name).toBe('unsafe_file');
    }
  });

  it('refuses a damaged zip', async () => {
    const good = buildZip(WORD_PARTS);
    expect(await codeOf(good.subarray(0, good.length - 30))).toBe('damaged_file');
    const garbage = Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(2000)]);
    expect(await codeOf(garbage)).toBe('damaged_file');
    const corrupt = Buffer.from(good);
    corrupt.fill(0xff, 49, 60); // the first entry's deflate data (after its 30 + 19 byte header)
    expect(await codeOf(corrupt)).toBe('damaged_file');
  });
});

describe('isEscapingPath', () => {
  it('allows ordinary nested names', () => {
    expect(isEscapingPath('word/media/image1.png')).toBe(false);
    expect(isEscapingPath('word/..hidden/x')).toBe(false);
  });
});
