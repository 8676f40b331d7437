import { forbidden } from '../../platform/errors';
import type { AppContext } from '../../records/context';
import { preferencesOf } from './store';

/*
 * The AI Features tab switches features off on the server, not only in the page: a
 * request made by an old tab, a script or another browser gets the same answer.
 */

export const SUGGESTIONS_OFF_MESSAGE =
  'AI lesson suggestions are turned off. You can turn them on in Settings, AI Features.';

/**
 * The feedback assistant tidies spoken feedback and report transcripts. Switched off,
 * the teacher's own words are returned unchanged, so every flow that shows an
 * "enhanced" text still works and simply shows what was said.
 */
export async function enhanceForTeacher(
  ctx: AppContext,
  teacherId: number,
  text: string,
): Promise<string> {
  const { useFeedbackAssistant } = await preferencesOf(ctx.db, teacherId);
  return useFeedbackAssistant ? ctx.ai.enhancer.enhance(text) : text;
}

export async function requireLessonSuggestions(ctx: AppContext, teacherId: number) {
  const { lessonSuggestions } = await preferencesOf(ctx.db, teacherId);
  if (!lessonSuggestions) throw forbidden(SUGGESTIONS_OFF_MESSAGE, 'ai_feature_off');
}

/** documentAnalysis: reading the text of photographed work (OCR). */
export async function documentAnalysisAllowed(ctx: AppContext, teacherId: number) {
  return (await preferencesOf(ctx.db, teacherId)).documentAnalysis;
}

export const PHOTO_READING_OFF_MESSAGE =
  'Reading text from photos is turned off in Settings (AI Features). Open the original image to mark it.';
