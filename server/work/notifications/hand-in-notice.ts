import { and, asc, eq, gt, gte } from 'drizzle-orm';
import { z } from 'zod';
import { documents, files, students, teacherSettings } from '../../db/schema';
import type { JobHandler } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { noteHandInNoticeSent, preferencesOf } from '../../records/settings';
import { mailRecipient, plural, sendTeacherMail } from './teacher-mail';

const payloadSchema = z.object({ teacherId: z.number().int(), since: z.iso.datetime() });

/** Pupils' first names only, each with how many pieces they handed in. */
function describe(rows: { firstName: string }[]): string {
  const counts = new Map<string, number>();
  for (const { firstName } of rows) counts.set(firstName, (counts.get(firstName) ?? 0) + 1);
  return [...counts]
    .map(([name, n]) => (n > 1 ? `${name} (${n})` : name))
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

export function handInNoticeJobHandler(ctx: AppContext): JobHandler {
  return {
    async run(payload) {
      const { teacherId, since } = payloadSchema.parse(payload);
      const now = new Date();
      const [settings] = await ctx.db
        .select({ last: teacherSettings.lastHandInNoticeAt })
        .from(teacherSettings)
        .where(eq(teacherSettings.teacherId, teacherId));
      const { emailNotifications } = await preferencesOf(ctx.db, teacherId);
      const to = await mailRecipient(ctx, teacherId);
      if (!emailNotifications || !to) return;
      // Nothing is listed twice: only work handed in after the last notice.
      const rows = await ctx.db
        .select({ firstName: students.name })
        .from(documents)
        .innerJoin(files, eq(files.id, documents.fileId))
        .innerJoin(students, eq(students.id, documents.studentId))
        .where(
          and(
            eq(documents.teacherId, teacherId),
            eq(files.uploadedBy, 'pupil'),
            gte(documents.createdAt, new Date(since)),
            settings?.last ? gt(documents.createdAt, settings.last) : undefined,
          ),
        )
        .orderBy(asc(documents.createdAt));
      if (rows.length === 0) return; // deleted meanwhile, or already in the last notice
      await noteHandInNoticeSent(ctx.db, teacherId, now);
      await sendTeacherMail(ctx, to, {
        subject:
          rows.length === 1
            ? 'A pupil handed in work'
            : `${plural(rows.length, 'piece')} of work handed in`,
        lines: [
          `${plural(rows.length, 'piece')} of work ${rows.length === 1 ? 'was' : 'were'} handed in to you: ${describe(rows)}.`,
        ],
        link: { label: 'Open your documents', path: '/teacher/documents' },
      });
    },
  };
}
