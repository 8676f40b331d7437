import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILE_LIMITS } from '../../../contract/profiles';
import { AppError, badRequest } from '../../platform/errors';
import { loadFileType, loadSharp } from '../../platform/lazy-modules';
import { probeMedia } from '../../platform/media';
import {
  fileEmpty,
  imageTooLarge,
  inspectAudio,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from '../uploads';

/*
 * What a voice sample, avatar photo or video sample must be, decided by content (never
 * by name or a browser's claim). Each check returns the bytes to store.
 */

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
const tooLarge = (what: string, maxBytes: number) =>
  new AppError(
    413,
    'file_too_large',
    `${what} is too large. The maximum size is ${megabytes(maxBytes)} MB.`,
  );

export async function inspectVoiceSample(bytes: Buffer) {
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > PROFILE_LIMITS.audioBytes)
    throw tooLarge('The voice sample', PROFILE_LIMITS.audioBytes);
  return inspectAudio(bytes, { maxSeconds: PROFILE_LIMITS.audioSeconds });
}

const unsupportedPhoto = () =>
  badRequest(
    'This photo format is not supported. Please use a JPEG, PNG or WebP photo.',
    'unsupported_file_type',
  );

/**
 * A JPEG, PNG or WebP photo, turned upright and re-encoded as JPEG from its pixels, so
 * EXIF (GPS position, device serial, thumbnails), XMP and IPTC are all gone.
 */
export async function inspectPhoto(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > PROFILE_LIMITS.imageBytes)
    throw tooLarge('The photo', PROFILE_LIMITS.imageBytes);
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  const sharp = await loadSharp();
  if (!type || !['image/jpeg', 'image/png', 'image/webp'].includes(type.mime))
    throw unsupportedPhoto();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw damagedPhoto();
  }
  if (!width || !height) throw damagedPhoto();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw imageTooLarge(MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS / 1_000_000);
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch {
    throw damagedPhoto();
  }
}

const damagedPhoto = () =>
  badRequest(
    'This photo could not be opened. Please check it opens on your device and try again.',
    'damaged_file',
  );

type VideoContainer = { format: string; contentType: string; extension: string };

const unsupportedVideo = () =>
  badRequest(
    'This video format is not supported. Please use an MP4, WebM or QuickTime (.mov) video.',
    'unsupported_file_type',
  );

/** MP4, QuickTime or WebM with a video stream a browser plays, probed with the bundled ffprobe. */
export async function inspectVideo(
  bytes: Buffer,
): Promise<VideoContainer & { durationSeconds: number }> {
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > PROFILE_LIMITS.videoBytes)
    throw tooLarge('The video sample', PROFILE_LIMITS.videoBytes);
  const container = sniffVideo(bytes);
  if (!container) throw unsupportedVideo();
  const probe = await probeVideo(bytes, container.format);
  if (!probe)
    throw badRequest('This video could not be played. Please record it again.', 'damaged_file');
  if (!/^(h264|hevc|vp8|vp9|av1|mpeg4|prores)$/.test(probe.codec)) throw unsupportedVideo();
  if (probe.durationSeconds > PROFILE_LIMITS.videoSeconds) {
    throw badRequest(
      `The video sample is too long. It can be at most ${PROFILE_LIMITS.videoSeconds / 60} minutes.`,
      'recording_too_long',
    );
  }
  return { ...container, durationSeconds: probe.durationSeconds };
}

function sniffVideo(bytes: Buffer): VideoContainer | null {
  if (bytes.length < 12) return null;
  if (bytes.readUInt32BE(0) === 0x1a45dfa3)
    return { format: 'matroska', contentType: 'video/webm', extension: 'webm' };
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = bytes.subarray(8, 12).toString('latin1');
    return brand === 'qt  '
      ? { format: 'mov', contentType: 'video/quicktime', extension: 'mov' }
      : { format: 'mov', contentType: 'video/mp4', extension: 'mp4' };
  }
  return null;
}

async function probeVideo(
  bytes: Buffer,
  format: string,
): Promise<{ codec: string; durationSeconds: number } | null> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-video-'));
  try {
    const input = join(dir, 'video');
    await writeFile(input, bytes, { mode: 0o600 });
    const probed = await probeMedia(input, format);
    const codec = probed?.streams.find((stream) => stream.type === 'video')?.codec;
    if (!codec || !probed?.durationSeconds) return null;
    return { codec, durationSeconds: probed.durationSeconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
