/** A 16-bit PCM mono WAV file from samples in -1..1 (tests and generated samples). */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i]!));
    data.writeInt16LE(Math.round(clamped * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A voice-like test signal: harmonics of pitchHz with a falling spectrum, whose loudness
 * rises and falls syllablesPerSecond times a second (one "syllable" per cycle).
 */
export function syntheticVoice(options: {
  pitchHz: number;
  syllablesPerSecond: number;
  seconds: number;
  sampleRate?: number;
}): Float32Array {
  const rate = options.sampleRate ?? 16_000;
  const samples = new Float32Array(Math.round(options.seconds * rate));
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    let tone = 0;
    for (let h = 1; h <= 8; h++) tone += Math.sin(2 * Math.PI * options.pitchHz * h * t) / h;
    const envelope = 0.5 * (1 - Math.cos(2 * Math.PI * options.syllablesPerSecond * t));
    samples[i] = 0.25 * tone * envelope ** 1.5;
  }
  return samples;
}
