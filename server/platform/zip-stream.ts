import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/*
 * A zip archive written as a stream: each entry's bytes are read, checksummed and passed
 * on as they come, so an export of 500 MB holds one chunk at a time in memory, never the
 * archive. Sizes and checksums follow each entry in a data descriptor (general purpose
 * bit 3), and the central directory at the end repeats them, which is what unzip tools read.
 * Names are UTF-8 (bit 11). No ZIP64: an archive is refused past 4 GiB.
 */

export type ZipEntry = {
  /** Path inside the archive, with forward slashes. */
  name: string;
  mtime?: Date;
  /** Deflate text; store media that is compressed already (PDF, JPEG, MP4, WebM). */
  compress?: boolean;
  /** The bytes, or a function opening a stream of them when the entry's turn comes. */
  source: Buffer | string | (() => NodeJS.ReadableStream | AsyncIterable<Buffer>);
};

const LIMIT = 0xffff_ffff;
const FLAGS = 0x0808; // bit 3: sizes in a data descriptor; bit 11: UTF-8 names
const VERSION = 20; // 2.0: deflate, folders

export class ZipTooLargeError extends Error {}

/** The archive as a readable stream; entries are opened one after another, lazily. */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Readable {
  return Readable.from(writeZip(entries), { objectMode: false });
}

type Written = {
  name: Buffer;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
};

async function* writeZip(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>) {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.compress ? 8 : 0;
    const { time, date } = dosDateTime(entry.mtime ?? new Date());
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // crc and sizes (14..25) stay zero: they follow in the data descriptor.
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    const start = offset;
    yield header;
    yield name;
    offset += header.length + name.length;

    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const input = readSource(entry.source);
    const counted = async function* () {
      for await (const chunk of input) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
      }
    };
    const output = method === 8 ? Readable.from(counted()).pipe(createDeflateRaw()) : counted();
    for await (const chunk of output as AsyncIterable<Buffer>) {
      compressedSize += chunk.length;
      offset += chunk.length;
      if (offset > LIMIT) throw new ZipTooLargeError('The archive would be larger than 4 GiB');
      yield chunk;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressedSize, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    written.push({ name, method, time, date, crc, compressedSize, size, offset: start });
  }

  if (written.length > 0xffff) throw new ZipTooLargeError('Too many files for one archive');
  const directoryStart = offset;
  for (const w of written) {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE((3 << 8) | VERSION, 4); // made by: Unix, so modes below are read
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(w.method, 10);
    record.writeUInt16LE(w.time, 12);
    record.writeUInt16LE(w.date, 14);
    record.writeUInt32LE(w.crc >>> 0, 16);
    record.writeUInt32LE(w.compressedSize, 20);
    record.writeUInt32LE(w.size, 24);
    record.writeUInt16LE(w.name.length, 28);
    // extra, comment, disk number, internal attributes: zero
    record.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    record.writeUInt32LE(w.offset, 42);
    yield record;
    yield w.name;
    offset += record.length + w.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield end;
}

async function* readSource(source: ZipEntry['source']): AsyncGenerator<Buffer> {
  if (typeof source === 'string') {
    yield Buffer.from(source, 'utf8');
    return;
  }
  if (Buffer.isBuffer(source)) {
    yield source;
    return;
  }
  for await (const chunk of source() as AsyncIterable<Buffer | string>) {
    yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  }
}

/** MS-DOS date and time, in local time as zip tools expect (two-second precision). */
function dosDateTime(when: Date) {
  const year = Math.min(Math.max(when.getFullYear(), 1980), 2107);
  return {
    time: (when.getHours() << 11) | (when.getMinutes() << 5) | Math.floor(when.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate(),
  };
}
