import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SpeechTiming, VoiceSettings } from '../media-types';
import { espeakPitchFor } from './espeak-pitch';
import { type EspeakEvents, timingFromEspeak } from './espeak-timing';

/** About two minutes of speech: the same ceiling as a recording. */
export const MAX_SYNTHESIS_CHARS = 2000;
const WORKER_TIMEOUT_MS = 60_000;
const WORKER = fileURLToPath(new URL('./espeak-worker.mjs', import.meta.url));

export type SynthesizedSpeech = {
  /** RIFF WAV, 16-bit mono. */
  wav: Buffer;
  durationMs: number;
  /** When each word and phoneme is said; null when the engine does not say. */
  timing: SpeechTiming | null;
  /** 'builtin' or the provider's name, for the render row. */
  engine: string;
};

export interface SpeechSynthesizer {
  readonly name: string;
  synthesize(text: string, voice: VoiceSettings | null): Promise<SynthesizedSpeech>;
}

export class SynthesisError extends Error {}

/** A voice for teachers without a voice profile: British English, mid pitch, calm rate. */
export const DEFAULT_VOICE: VoiceSettings = {
  medianPitchHz: 165,
  wordsPerMinute: 160,
  variant: 'f3',
  voicedSeconds: 0,
};

/** Control characters (NUL included) are dropped: they carry no speech and confuse engines. */
export function speakableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim();
  if (!cleaned) throw new SynthesisError('There is no text to speak.');
  if (cleaned.length > MAX_SYNTHESIS_CHARS) {
    throw new SynthesisError(
      `The text is too long to speak: at most ${MAX_SYNTHESIS_CHARS} characters (about two minutes).`,
    );
  }
  return cleaned;
}

/**
 * Maps measured voice settings onto eSpeak's knobs. The voice is named `en+<variant>`:
 * `en` is this build's British English voice file, and a `+variant` only takes effect on
 * a voice file's own name (a language code such as `en-gb` is not one, and eSpeak then
 * silently keeps its default male voice). The pitch knob is set so that the variant
 * speaks at the teacher's measured pitch.
 */
export function espeakParameters(voice: VoiceSettings): {
  voice: string;
  rate: number;
  pitch: number;
} {
  const variant = /^[mf][1-7]$/.test(voice.variant) ? voice.variant : 'f3';
  const pitch = espeakPitchFor(variant, voice.medianPitchHz);
  const rate = Math.round(Math.min(260, Math.max(110, voice.wordsPerMinute || 160)));
  return { voice: `en+${variant}`, rate, pitch };
}

/** The offline synthesizer: eSpeak NG in a child process (it is GPL-3.0; see decision 0013). */
export const espeakSynthesizer: SpeechSynthesizer = {
  name: 'builtin',
  async synthesize(text, voice) {
    const spoken = speakableText(text);
    const request = { text: spoken, ...espeakParameters(voice ?? DEFAULT_VOICE) };
    const output = await runWorker(JSON.stringify(request));
    const parsed = JSON.parse(output) as EspeakEvents & {
      sampleRate: number;
      pcm: string;
      voiceFound: boolean;
    };
    // A voice name eSpeak does not know would silently speak in its default voice.
    if (!parsed.voiceFound) throw new Error(`eSpeak has no voice named ${request.voice}`);
    const pcm = Buffer.from(parsed.pcm, 'base64');
    if (pcm.length === 0) throw new SynthesisError('The synthesizer produced no audio.');
    const durationMs = Math.round((pcm.length / 2 / parsed.sampleRate) * 1000);
    return {
      wav: wavFromPcm(pcm, parsed.sampleRate),
      durationMs,
      timing: timingFromEspeak(spoken, parsed, durationMs),
      engine: 'builtin',
    };
  },
};

function runWorker(input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), WORKER_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new SynthesisError(`The speech synthesizer failed (${code}): ${stderr.slice(0, 500)}`),
        );
    });
    child.stdin.end(input);
  });
}

/** A RIFF/WAVE container around 16-bit little-endian mono PCM. */
export function wavFromPcm(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
