import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MediaEngines } from '../../ai/avatar-video';
import type { FaceGeometry, SpeechTiming, VoiceSettings } from '../../ai/media-types';
import { SynthesisError } from '../../ai/speech-synthesis';
import { avatarProfiles, files, videoRenders, voiceProfiles } from '../../db/schema';
import { PermanentJobError } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { discardStoredFile, storeFile } from '../../records/uploads';
import { teacherDisplayName, updateRender } from '../../records/videos';
import { voiceForVideo } from './recorded-voice';

const payloadSchema = z.object({ renderId: z.string() });

const point = z.object({ x: z.number(), y: z.number() });
const feature = z.object({
  center: point,
  width: z.number().positive(),
  height: z.number().positive(),
});
/** The profile's stored geometry is checked before it steers any drawing. */
const faceSchema = z.object({
  imageWidth: z.number().positive(),
  imageHeight: z.number().positive(),
  box: z.object({
    x: z.number(),
    y: z.number(),
    width: z.number().positive(),
    height: z.number().positive(),
  }),
  leftEye: feature,
  rightEye: feature,
  mouth: feature,
  score: z.number(),
  /** The 68 landmarks the mouth, jaw and eyelids move along; older profiles lack them. */
  landmarks: z.array(point).length(68).optional(),
});
const voiceSchema = z.object({
  medianPitchHz: z.number().positive(),
  wordsPerMinute: z.number().positive(),
  variant: z.string(),
  voicedSeconds: z.number(),
});

/** Progress is written every 5 %: enough for the page's bar, little database traffic. */
const PROGRESS_STEP = 5;

async function readFileRow(ctx: AppContext, fileId: string | null) {
  if (!fileId) return null;
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file || !(await ctx.files.stat(file.storageKey))) return null;
  return ctx.files.read(file.storageKey);
}

/**
 * The teacher's cloned voice from the voice-cloning service, or null when it is not
 * configured or fails: the offline synthesizer then speaks, as with every provider.
 */
async function speakCloned(ctx: AppContext, voiceId: string, text: string) {
  if (!ctx.ai.voiceCloner) return null;
  try {
    return await ctx.ai.voiceCloner.synthesize(voiceId, text);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Voice-cloning service failed; using the built-in voice');
    return null;
  }
}

/**
 * Renders one avatar video off the request path. Durable: a render whose process died
 * is claimed again after its lease and starts over; a render that cannot succeed leaves
 * status 'failed' with a message the teacher can read.
 */
export function renderJobHandler(ctx: AppContext, engines: MediaEngines) {
  const update = (id: string, values: Partial<typeof videoRenders.$inferInsert>) =>
    updateRender(ctx.db, id, values);
  /** The last write: false when the render row has gone meanwhile. */
  const finish = update;

  return {
    async run(payload: unknown) {
      const { renderId } = payloadSchema.parse(payload);
      const [row] = await ctx.db.select().from(videoRenders).where(eq(videoRenders.id, renderId));
      if (!row || row.status === 'done') return;
      await update(renderId, {
        status: 'rendering',
        progress: 0,
        error: null,
        voiceCleaning: null,
      });

      let audio = await readFileRow(ctx, row.audioFileId);
      let speechEngine: string | null = null;
      // When each word and phoneme is said: known for synthesized speech, which times the
      // captions and drives the mouth shapes; a recording without it follows loudness.
      let timing: SpeechTiming | null = null;
      const spoken = row.enhancedTranscript.trim() || row.transcript.trim();
      if (row.voiceSource === 'synthesized' && spoken) {
        const [voice] = row.voiceProfileId
          ? await ctx.db
              .select()
              .from(voiceProfiles)
              .where(eq(voiceProfiles.id, row.voiceProfileId))
          : [];
        const settings = voiceSchema.safeParse(voice?.settings);
        const cloned =
          voice?.engine === 'provider' ? await speakCloned(ctx, voice.voiceId, spoken) : null;
        if (cloned) {
          audio = cloned;
          speechEngine = 'voice-clone';
        } else {
          try {
            const speech = await engines.speak(
              spoken,
              settings.success ? (settings.data as VoiceSettings) : null,
            );
            audio = speech.wav;
            speechEngine = speech.engine;
            timing = speech.timing;
          } catch (error) {
            if (error instanceof SynthesisError) throw new PermanentJobError(error.message);
            throw error;
          }
        }
      }
      if (!audio) throw new PermanentJobError('The recording for this video is missing.');
      // The teacher's own voice loses what the enhancer took out of the text, so the parent
      // hears what the captions say; the stored recording stays as it was.
      let cleaning: typeof videoRenders.$inferSelect.voiceCleaning = null;
      if (row.voiceSource === 'recording') {
        const voice = await voiceForVideo(audio, row, ctx.log);
        audio = voice.audio;
        timing = voice.timing;
        cleaning = voice.cleaning;
      }

      const [profile] = row.avatarProfileId
        ? await ctx.db
            .select()
            .from(avatarProfiles)
            .where(eq(avatarProfiles.id, row.avatarProfileId))
        : [];
      const face = faceSchema.safeParse(profile?.face);
      const photo =
        profile?.status === 'ready' ? await readFileRow(ctx, profile.imageFileId) : null;
      const avatar = photo && face.success ? { photo, face: face.data as FaceGeometry } : null;

      let written = 0;
      let writing = Promise.resolve();
      const result = await engines.render({
        audio,
        captions: row.enhancedTranscript || row.transcript,
        timing,
        avatar,
        teacherName: await teacherDisplayName(ctx, row.teacherId),
        onProgress: (percent) => {
          if (percent >= 100 || percent < written + PROGRESS_STEP) return;
          written = percent;
          // Serialised so an older percentage never lands after a newer one.
          writing = writing
            .then(async () => {
              await update(renderId, { progress: percent });
            })
            .catch((error: unknown) => ctx.log.warn({ err: error }, 'Render progress not saved'));
        },
      });
      await writing;
      const file = await storeFile(ctx, {
        teacherId: row.teacherId,
        bytes: result.video,
        originalName: 'report-video.mp4',
        contentType: 'video/mp4',
        extension: 'mp4',
        uploadedBy: 'teacher',
      });
      const finished = await finish(renderId, {
        status: 'done',
        progress: 100,
        engine:
          speechEngine && speechEngine !== 'builtin'
            ? `${result.engine} (voice: ${speechEngine})`
            : result.engine,
        videoFileId: file.id,
        captions: result.captionsVtt,
        durationMs: result.durationMs,
        voiceCleaning:
          row.voiceSource === 'recording'
            ? (cleaning ?? {
                aligned: false,
                originalDurationMs: result.durationMs,
                cleanedDurationMs: result.durationMs,
                removedWords: [],
                pausesMs: 0,
              })
            : null,
        error: null,
        finishedAt: new Date(),
      });
      // The report was deleted (or the pupil erased) while this render ran: its video goes
      // too, now, rather than waiting for housekeeping to find an unnamed file.
      if (!finished) await discardStoredFile(ctx, file.id);
    },
    async onFailure(payload: unknown, error: Error) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const message =
        error instanceof PermanentJobError
          ? error.message
          : 'The video could not be rendered. Please try again, or use a shorter recording.';
      await update(parsed.data.renderId, {
        status: 'failed',
        error: message,
        finishedAt: new Date(),
      });
    },
  };
}
