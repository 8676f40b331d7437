/*
 * eSpeak NG (GPL-3.0, via @echogarden/espeak-ng-emscripten) as a separate program.
 * The app spawns this script with node and talks to it over stdin/stdout only, so the
 * GPL code never links into the app. One request per process:
 *   stdin:  {"text": "...", "voice": "en+f3", "rate": 160, "pitch": 50}
 *   stdout: {"sampleRate": 22050, "pcm": "<base64 s16le mono>", "voiceFound": true,
 *            "words": [{"startMs", "textStart", "length"}], "phonemes": [{"startMs", "phoneme"}]}
 * Phonemes are IPA with eSpeak's stress marks; an empty phoneme is a pause.
 */
import init from '@echogarden/espeak-ng-emscripten';

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const request = await readStdin();
const engine = await init();
const worker = new engine.eSpeakNGWorker();
// set_voice answers 0 when it found the voice; any other answer leaves the previous one.
const voiceFound = worker.set_voice(String(request.voice)) === 0;
worker.set_rate(Number(request.rate));
worker.set_pitch(Number(request.pitch));

const chunks = [];
const words = [];
const phonemes = [];
worker.synthesize(String(request.text), (samples, events) => {
  if (samples)
    chunks.push(
      Buffer.from(
        samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.byteLength),
      ),
    );
  for (const event of events) {
    if (event.type === 'word') {
      // text_position is 1-based in characters of the input.
      words.push({
        startMs: event.audio_position,
        textStart: event.text_position - 1,
        length: event.word_length,
      });
    } else if (event.type === 'phoneme') {
      phonemes.push({ startMs: event.audio_position, phoneme: String(event.id ?? '') });
    }
  }
});
process.stdout.write(
  JSON.stringify({
    sampleRate: worker.get_samplerate(),
    pcm: Buffer.concat(chunks).toString('base64'),
    voiceFound,
    words,
    phonemes,
  }),
);
