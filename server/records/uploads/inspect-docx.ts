import type { Entry, ZipFile } from 'yauzl';
import { loadYauzl } from '../../platform/lazy-modules';
import { damagedFile, unsafeFile } from './upload-errors';

/*
 * A DOCX is a zip. Zips can lie: a few kilobytes may unpack to gigabytes (a zip
 * bomb), and entry names may try to escape a folder. So the central directory is read
 * first, without unpacking anything, and only an archive within these limits is ever
 * inflated. Later readers (mammoth uses JSZip, which trusts the declared sizes) are
 * safe because verifyInflatedSizes() proves each entry inflates to exactly its
 * declared size, and those sizes add up to at most MAX_TOTAL_UNCOMPRESSED.
 */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxTotalUncompressed: 100 * 1024 * 1024,
  maxRatio: 200,
  /** Small entries may compress very well (XML of repeated runs) without being a threat. */
  ratioAppliesAbove: 1024 * 1024,
};

const REQUIRED_ENTRIES = ['[Content_Types].xml', 'word/document.xml'];

/**
 * 'docx' when the zip is a Word document within the limits, 'other' for any other
 * (safe) zip. Throws unsafe_file for a bomb or an escaping path, damaged_file for a
 * zip that cannot be read.
 */
export async function checkDocxArchive(bytes: Buffer): Promise<'docx' | 'other'> {
  const zip = await openZip(bytes);
  try {
    // The count comes from the end-of-central-directory record: refuse before reading entries.
    if (zip.entryCount > ZIP_LIMITS.maxEntries) throw unsafeFile();
    const entries = await readCheckedEntries(zip);
    const names = new Set(entries.map((entry) => nameOf(entry)));
    if (!REQUIRED_ENTRIES.every((name) => names.has(name))) return 'other';
    await verifyInflatedSizes(zip, entries);
    return 'docx';
  } finally {
    zip.close();
  }
}

async function openZip(bytes: Buffer): Promise<ZipFile> {
  const yauzl = await loadYauzl();
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      // decodeStrings off: names are checked here, so an escaping path is reported
      // as unsafe rather than surfacing as a generic yauzl error.
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(damagedFile()) : resolve(zip)),
    );
  });
}

/** Reads the central directory only (no inflating), applying every limit as it goes. */
function readCheckedEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    let totalUncompressed = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    zip.on('entry', (entry: Entry) => {
      if (settled) return;
      entries.push(entry);
      totalUncompressed += entry.uncompressedSize;
      if (
        entries.length > ZIP_LIMITS.maxEntries ||
        totalUncompressed > ZIP_LIMITS.maxTotalUncompressed ||
        isSuspiciousRatio(entry) ||
        isEscapingPath(nameOf(entry))
      ) {
        fail(unsafeFile());
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(entries);
    });
    zip.on('error', () => fail(damagedFile()));
    zip.readEntry();
  });
}

function isSuspiciousRatio(entry: Entry): boolean {
  if (entry.uncompressedSize <= ZIP_LIMITS.ratioAppliesAbove) return false;
  // A zero compressed size with a large uncompressed one is an infinite ratio.
  return entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.maxRatio;
}

/** Absolute paths, drive letters and '..' segments, with either slash. */
export function isEscapingPath(name: string): boolean {
  if (name.length === 0 || name.includes('\0')) return true;
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return true;
  return name.split(/[/\\]/).some((segment) => segment === '..');
}

/** With decodeStrings off, names are raw bytes; the names that matter here are ASCII. */
function nameOf(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  return typeof raw === 'string' ? raw : raw.toString('utf8');
}

/**
 * Inflates every entry and discards the output. yauzl's validateEntrySizes fails the
 * stream the moment an entry yields more (or fewer) bytes than it declared, so the
 * work is bounded by the declared total that was already checked.
 */
async function verifyInflatedSizes(zip: ZipFile, entries: Entry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.uncompressedSize === 0 && entry.compressedSize === 0) continue;
    try {
      await drainEntry(zip, entry);
    } catch {
      throw damagedFile();
    }
  }
}

function drainEntry(zip: ZipFile, entry: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(error ?? new Error('No stream'));
        return;
      }
      stream.on('error', reject);
      stream.on('end', () => resolve());
      stream.resume();
    });
  });
}
