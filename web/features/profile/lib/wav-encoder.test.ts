import { describe, expect, it } from 'vitest';
import { encodeWav } from './wav-encoder';

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM header and clamped little-endian samples', async () => {
    const blob = encodeWav([new Float32Array([0, 0.5]), new Float32Array([-1, 2])], 48_000);
    expect(blob.type).toBe('audio/wav');
    const view = new DataView(await blob.arrayBuffer());
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(view.buffer, offset, 4));
    expect(text(0)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(text(8)).toBe('WAVE');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(96_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36)).toBe('data');
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 16_383, -32_768, 32_767,
    ]);
  });

  it('encodes an empty recording as a valid empty file', async () => {
    const blob = encodeWav([], 16_000);
    expect(blob.size).toBe(44);
  });
});
