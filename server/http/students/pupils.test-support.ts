import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { files, videoRenders } from '../../db/schema';
import { storeFile } from '../../records/uploads';
import { fixture, handIn } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';

/* Builders shared by the pupil directory's API tests. */

export function recordClip(seconds: number, frequency = 440): Buffer {
  const result = spawnSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...[
      '-i',
      `sine=frequency=${frequency}:duration=${seconds}`,
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ],
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

export function uniquePdf(tag: string): Buffer {
  return Buffer.concat([fixture('essay.pdf'), Buffer.from(`\n% ${tag}\n`)]);
}

/** Rows of a raw query, whichever driver answered it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result && typeof result === 'object' && 'rows' in result ? result.rows : result) as T[];
}

/** Every stored file under the app's file store, with its bytes. */
/**
 * Every stored file's bytes. On disk the walk takes temp files too (a half-written copy
 * of a pupil's work is still their bytes); on S3 it is the bucket's listing.
 */
export async function storedFiles(t: TestApp): Promise<Buffer[]> {
  if (t.config.s3) {
    const keys = await t.ctx.files.keysWrittenBefore(new Date(Date.now() + 60_000));
    return Promise.all(keys.map((key) => t.ctx.files.read(key)));
  }
  const root = join(t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  const found: Buffer[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(readFileSync(path));
    }
  };
  walk(root);
  return found;
}

/** A pupil with everything a pupil can have: hand-ins, text and audio feedback, share
 * links opened, a parent report with its video, links and e-mails. */
export async function pupilWithEverything(
  t: TestApp,
  keyId: string,
  teacher: { cookie: string; teacher: { id: number } },
  firstName: string,
  initials: string,
) {
  const { cookie } = teacher;
  const teacherId = teacher.teacher.id;
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const tag = randomBytes(4).toString('hex');
  const essay = (
    await handIn(t, keyId, {
      firstName,
      surnameInitials: initials,
      title: `Essay ${tag}`,
      // Bytes of their own (a PDF reader ignores what follows %%EOF), so the file store
      // can be searched for them.
      file: { bytes: uniquePdf(`${tag}-1`), name: `${firstName}-essay.pdf` },
    })
  ).json();
  const photo = (
    await handIn(t, keyId, {
      firstName,
      surnameInitials: initials,
      title: `Homework ${tag}`,
      file: { bytes: uniquePdf(`${tag}-2`), name: 'homework.pdf' },
    })
  ).json();
  await t.ctx.jobs.drain();
  const student = (await as('GET', '/api/students'))
    .json()
    .find((s: { name: string }) => s.name === firstName);
  await as('PUT', `/api/students/${student.id}`, {
    name: firstName,
    surname: `${initials}ttersby-${tag}`,
    grade: '6',
    yearGroup: 'Year 6',
    email: `${firstName.toLowerCase()}.${tag}@pupils.example`,
    parentName: `Parent ${tag}`,
    parentEmail: `parent.${tag}@home.example`,
  });
  await as('POST', `/api/documents/${essay.id}/feedback`, {
    type: 'text',
    content: `Lovely opening ${tag}`,
    // The second text page of essay.pdf: the second part of its page 1.
    pageNumber: 2,
  });
  const audio = (
    await as('POST', '/api/audio/process', {
      audioData: recordClip(1, 300 + Math.floor(Math.random() * 500)).toString('base64'),
    })
  ).json();
  await as('POST', `/api/documents/${essay.id}/feedback`, {
    type: 'audio',
    content: '',
    pageNumber: 1,
    audioUrl: audio.audioUrl,
    audioDuration: 1,
  });
  const share = (
    await as('POST', `/api/documents/${essay.id}/share-feedback`, {
      studentName: `${firstName} ${tag}`,
      studentEmail: `${firstName.toLowerCase()}.${tag}@pupils.example`,
    })
  ).json();
  const shareKey = String(share.shareableLink).split('/').pop()!;
  expect((await t.app.inject({ url: `/api/feedback-view/${shareKey}` })).statusCode).toBe(200);

  const video = await storeFile(t.ctx, {
    teacherId,
    bytes: randomBytes(4000),
    originalName: 'report-video.mp4',
    contentType: 'video/mp4',
    extension: 'mp4',
    uploadedBy: 'teacher',
  });
  const renderId = randomBytes(16).toString('base64url');
  await t.ctx.db.insert(videoRenders).values({
    id: renderId,
    teacherId,
    status: 'done',
    progress: 100,
    videoFileId: video.id,
    transcript: `About ${firstName} ${tag}`,
    captions: `WEBVTT\n\n00:00.000 --> 00:01.000\nAbout ${firstName}`,
  });
  const report = (
    await as('POST', '/api/parent-reports', {
      studentId: student.id,
      subjects: 'Reading',
      content: `${firstName} read well this term ${tag}`,
      videoUrl: `/api/videos/${renderId}`,
    })
  ).json();
  const reportShare = (
    await as('POST', `/api/parent-reports/${report.id}/share`, {
      recipientName: `Parent ${tag}`,
      recipientEmail: `parent.${tag}@home.example`,
    })
  ).json();
  const reportKey = String(reportShare.shareableLink).split('/').pop()!;
  expect((await t.app.inject({ url: `/api/shared/${reportKey}` })).statusCode).toBe(200);
  // Openings are written a moment after the answer: written now, as the tests read them.
  await t.ctx.linkViews.flush();
  // The pupil looks their work up (the portal counts lookups per name and initials).
  await t.app.inject({
    method: 'POST',
    url: '/api/student-portal/my-assignments',
    payload: { firstName, surnameInitials: initials, classroomKeyId: keyId },
  });
  const fileRows = await t.ctx.db
    .select()
    .from(files)
    .where(sql`${files.id} in (select file_id from documents where student_id = ${student.id}
      union select audio_file_id from feedback where document_id in (select id from documents where student_id = ${student.id})
      union select ${video.id})`);
  return {
    tag,
    student: (await as('GET', `/api/students/${student.id}`)).json(),
    documents: [essay, photo],
    audioUrl: audio.audioUrl as string,
    shareKey,
    reportKey,
    renderId,
    report,
    files: fileRows,
    fileBytes: await Promise.all(fileRows.map((f) => t.ctx.files.read(f.storageKey))),
  };
}
