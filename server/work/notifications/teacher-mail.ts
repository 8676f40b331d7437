import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { teacherSettings, teachers } from '../../db/schema';
import { escapeHtml } from '../../platform/mail';
import type { AppContext } from '../../records/context';

/*
 * E-mails the app sends to a teacher about their own classes. They carry counts, titles
 * and pupils' first names at most, never feedback or pupils' work, and a link into the app
 * where the teacher signs in to see the rest.
 */

export type MailRecipient = { id: number; email: string; firstName: string | null };

/** Only a verified, unblocked teacher's address is written to. */
export async function mailRecipient(
  ctx: AppContext,
  teacherId: number,
): Promise<MailRecipient | null> {
  const [row] = await ctx.db
    .select({ id: teachers.id, email: teachers.email, firstName: teachers.firstName })
    .from(teachers)
    .where(
      and(
        eq(teachers.id, teacherId),
        isNotNull(teachers.emailVerifiedAt),
        isNull(teachers.blockedAt),
      ),
    );
  return row ?? null;
}

/** Teachers who switched a notification on (every notification is off by default). */
export async function teachersWith(ctx: AppContext, flag: 'weeklyDigest' | 'lessonPlanReminders') {
  const rows = await ctx.db
    .select({ teacherId: teacherSettings.teacherId })
    .from(teacherSettings)
    .where(sql`${teacherSettings.preferences} ->> ${flag} = 'true'`);
  return rows.map((row) => row.teacherId);
}

export function appLink(ctx: AppContext, path: string): string {
  return `${ctx.config.publicUrl}${path}`;
}

const SETTINGS_FOOTER = 'You can change which e-mails you get in Settings, Notifications:';

/** One plain-text and one HTML body from the same lines; every line is escaped. */
export async function sendTeacherMail(
  ctx: AppContext,
  to: MailRecipient,
  mail: { subject: string; lines: string[]; link: { label: string; path: string } },
): Promise<void> {
  const greeting = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const link = appLink(ctx, mail.link.path);
  const settings = appLink(ctx, '/teacher/settings');
  const text = [
    greeting,
    '',
    ...mail.lines,
    '',
    `${mail.link.label}: ${link}`,
    '',
    `${SETTINGS_FOOTER} ${settings}`,
    '',
  ].join('\n');
  const paragraphs = mail.lines
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  const html = `<p>${escapeHtml(greeting)}</p>${paragraphs}<p><a href="${escapeHtml(link)}">${escapeHtml(mail.link.label)}</a></p><p style="color:#475569">${escapeHtml(SETTINGS_FOOTER)} <a href="${escapeHtml(settings)}">Settings</a></p>`;
  await ctx.mailer.send({ to: to.email, subject: mail.subject, text, html, teacherId: to.id });
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
