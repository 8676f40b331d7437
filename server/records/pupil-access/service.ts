import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Assignment,
  myAssignmentsRequestSchema,
  submitAssignmentSchema,
} from '../../../contract/pupil-portal';
import { documents, feedback } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../../records/context';
import { findClassroomKeyById, findClassroomKeyByPhrase } from '../classroom';
import {
  createDocument,
  EXTRACT_TEXT_JOB,
  pupilDocumentApiPath,
  pupilDocumentPath,
  sharedMarksOf,
} from '../documents';
import { asPublished, presentPupilFeedback } from '../feedback';
import { findOrCreatePupil, findPupilsByIdentity } from '../pupils';
import { preferencesOf } from '../settings';
import { viewMediaPaths } from '../sharing';
import { resolveUploadedFile } from '../uploads';
import { scheduleHandInNotice } from './hand-in-notice';
import { codeForHandIn, pupilCodeMatches } from './pupil-codes';

const MINUTE = 60_000;
/**
 * Pupils share one school IP address, so guessing is limited by what is guessed.
 * Wrong phrases: 200 per address per 15 minutes (decision 0005). Only misses count, so a
 * class typing its phrase at once spends a few dozen on typos; 200 keeps a whole school
 * behind one address clear of it, while one address finds any of 1,000 classrooms'
 * phrases (one in ~550,000 guesses) only after about four weeks instead of one.
 * Lookups of marked work per classroom and per pupil identity are tight.
 */
export const WRONG_PHRASES_PER_ADDRESS: ThrottleRule = { limit: 200, windowMs: 15 * MINUTE };
/** Look-ups that found nobody: per classroom and address, and a classroom-wide ceiling. */
const MISSES_PER_CLASSROOM_AND_ADDRESS: ThrottleRule = { limit: 100, windowMs: 15 * MINUTE };
const MISSES_PER_CLASSROOM: ThrottleRule = { limit: 1000, windowMs: 15 * MINUTE };
/** Any look-up of one pupil: only someone who knows the name can spend it. */
const LOOKUPS_PER_PUPIL: ThrottleRule = { limit: 60, windowMs: 15 * MINUTE };

export const INVALID_KEY_MESSAGE =
  'The classroom key you entered is not valid. Please check and try again.';

export async function verifyKey(ctx: AppContext, phrase: string, ip: string) {
  await ctx.throttle.check(`pupil-key:ip:${ip}`, WRONG_PHRASES_PER_ADDRESS);
  const key = await findClassroomKeyByPhrase(ctx.db, phrase);
  if (!key) {
    await ctx.throttle.hit(`pupil-key:ip:${ip}`, WRONG_PHRASES_PER_ADDRESS);
    throw notFound(INVALID_KEY_MESSAGE, 'invalid_classroom_key');
  }
  return key;
}

export async function requireClassroomKey(ctx: AppContext, id: string) {
  const key = await findClassroomKeyById(ctx.db, id);
  if (!key) throw notFound(INVALID_KEY_MESSAGE, 'invalid_classroom_key');
  return key;
}

export async function submitAssignment(
  ctx: AppContext,
  input: z.output<typeof submitAssignmentSchema>,
) {
  const key = await requireClassroomKey(ctx, input.classroomKeyId);
  const file = await resolveUploadedFile(ctx.db, key.teacherId, input.fileUrl, 'pupil');
  const handedIn = await ctx.db.transaction(async (tx) => {
    const pupil = await findOrCreatePupil(tx, key.teacherId, input);
    const pupilCode = await codeForHandIn(tx, pupil);
    const document = await createDocument(tx, {
      teacherId: key.teacherId,
      file,
      title: input.title,
      author: `${input.firstName} ${input.surnameInitials}`,
      studentId: pupil.id,
    });
    await scheduleHandInNotice(tx, key.teacherId, document.createdAt);
    return { document, pupilCode };
  });
  ctx.jobs.poke(EXTRACT_TEXT_JOB);
  return handedIn;
}

export async function myAssignments(
  ctx: AppContext,
  input: z.output<typeof myAssignmentsRequestSchema>,
  ip: string,
): Promise<Assignment[]> {
  const key = await requireClassroomKey(ctx, input.classroomKeyId);
  const identity = `${input.firstName.toLowerCase()}:${input.surnameInitials}`;
  const missesHere = `pupil-lookup:misses:${key.id}:${ip}`;
  const missesAnywhere = `pupil-lookup:misses:${key.id}`;
  await ctx.throttle.check(missesHere, MISSES_PER_CLASSROOM_AND_ADDRESS);
  await ctx.throttle.check(missesAnywhere, MISSES_PER_CLASSROOM);
  await ctx.throttle.hit(`pupil-lookup:pupil:${key.id}:${identity}`, LOOKUPS_PER_PUPIL);

  const found = await findPupilsByIdentity(
    ctx.db,
    key.teacherId,
    input.firstName,
    input.surnameInitials,
  );
  const { markedWorkProtection } = await preferencesOf(ctx.db, key.teacherId);
  // With protection on, the code must match too. A wrong or missing code finds nobody,
  // counted and answered exactly like a wrong name, so it cannot be told apart.
  const pupils = markedWorkProtection
    ? found.filter((pupil) => pupilCodeMatches(pupil.pupilCode, input.pupilCode))
    : found;
  if (pupils.length === 0) {
    await ctx.throttle.hit(missesHere, MISSES_PER_CLASSROOM_AND_ADDRESS);
    await ctx.throttle.hit(missesAnywhere, MISSES_PER_CLASSROOM);
    return [];
  }
  const docs = await ctx.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.teacherId, key.teacherId),
        inArray(
          documents.studentId,
          pupils.map((p) => p.id),
        ),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
  // Feedback is the pupil's once the teacher has shared it or marked the work reviewed, as it
  // was then: work reopened for more feedback shows the state last published.
  const published = docs.filter((d) => d.publishedAt !== null).map((d) => d.id);
  const items = published.length
    ? await ctx.db
        .select()
        .from(feedback)
        .where(and(inArray(feedback.documentId, published), isNotNull(feedback.publishedAt)))
        .orderBy(asc(feedback.pageNumber), asc(feedback.startOffset), asc(feedback.id))
    : [];
  const marks = await sharedMarksOf(ctx.db, published);
  return docs.map((doc) => {
    const path = pupilDocumentPath(key.keyPhrase, doc.uniqueId);
    return {
      id: doc.id,
      uniqueId: doc.uniqueId,
      title: doc.title,
      submittedAt: doc.createdAt.toISOString(),
      fileUrl: `${path}/file`,
      documentUrl: path,
      status: doc.publishedAt ? 'reviewed' : 'pending',
      feedback: items
        .filter((f) => f.documentId === doc.id)
        .map((f) =>
          presentPupilFeedback(
            asPublished(f),
            viewMediaPaths(pupilDocumentApiPath(key.keyPhrase, doc.uniqueId)),
          ),
        ),
      mark: marks.get(doc.id) ?? null,
    };
  });
}
