/** The samples of a 16-bit PCM mono RIFF/WAVE file in −1..1, and its rate. */
export function pcmFromWav(wav: Buffer): { samples: Float32Array; sampleRate: number } {
  if (wav.length < 12 || wav.toString('latin1', 0, 4) !== 'RIFF') {
    throw new Error('Not a WAV file');
  }
  let sampleRate = 0;
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (wav.readUInt16LE(body) !== 1 || wav.readUInt16LE(body + 2) !== 1)
        throw new Error('Only 16-bit PCM mono WAV is read here');
      sampleRate = wav.readUInt32LE(body + 4);
    } else if (id === 'data') {
      const end = Math.min(wav.length, body + size);
      const samples = new Float32Array(Math.floor((end - body) / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(body + i * 2) / 32_768;
      return { samples, sampleRate };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('The WAV file has no data');
}
