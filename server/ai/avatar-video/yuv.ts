import type { Plane } from './warp';

/** A yuv420p frame as three planes over one buffer, in the order ffmpeg reads them. */
export type YuvFrame = { buffer: Buffer; y: Plane; u: Plane; v: Plane };

export function yuvFrame(width: number, height: number, buffer?: Buffer): YuvFrame {
  const lumaSize = width * height;
  const chromaWidth = width >> 1;
  const chromaHeight = height >> 1;
  const chromaSize = chromaWidth * chromaHeight;
  const bytes = buffer ?? Buffer.alloc(lumaSize + 2 * chromaSize);
  const view = (offset: number, length: number) =>
    new Uint8Array(bytes.buffer, bytes.byteOffset + offset, length);
  return {
    buffer: bytes,
    y: { data: view(0, lumaSize), width, height },
    u: { data: view(lumaSize, chromaSize), width: chromaWidth, height: chromaHeight },
    v: { data: view(lumaSize + chromaSize, chromaSize), width: chromaWidth, height: chromaHeight },
  };
}

/** BT.601 limited range, as ffmpeg's yuv420p without colour tags is read by players. */
export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  return [
    16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255,
    128 + (-37.797 * r - 74.203 * g + 112 * b) / 255,
    128 + (112 * r - 93.786 * g - 18.214 * b) / 255,
  ];
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : (v + 0.5) | 0);

/** Packed RGB (3 bytes a pixel, even width and height) to a yuv420p frame. */
export function rgbToYuvFrame(rgb: Uint8Array, width: number, height: number): YuvFrame {
  const frame = yuvFrame(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const [luma] = rgbToYuv(rgb[i] as number, rgb[i + 1] as number, rgb[i + 2] as number);
      frame.y.data[y * width + x] = clampByte(luma);
    }
  }
  const cw = frame.u.width;
  for (let y = 0; y < frame.u.height; y++) {
    for (let x = 0; x < cw; x++) {
      // The mean colour of the 2×2 block the chroma sample stands for.
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[i] as number;
        g += rgb[i + 1] as number;
        b += rgb[i + 2] as number;
      }
      const [, u, v] = rgbToYuv(r / 4, g / 4, b / 4);
      frame.u.data[y * cw + x] = clampByte(u);
      frame.v.data[y * cw + x] = clampByte(v);
    }
  }
  return frame;
}

export { clampByte };
