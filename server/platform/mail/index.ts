import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { enqueueJob } from '../jobs';
import { DELIVER_MAIL_JOB, SmtpSender } from './delivery';
import { mailOutbox } from './tables';

export { DELIVER_MAIL_JOB, deliverMailJobHandler } from './delivery';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  teacherId?: number;
};

/**
 * Every message is written to the outbox first, so nothing is lost if delivery fails.
 * With SMTP_URL, a `deliver-mail` job is queued in the same transaction and a job runner
 * (this process's, or a worker's) hands it to the relay, retrying for a day
 * (delivery.ts). The caller's action never waits on, or fails with, the relay.
 * Without SMTP the message stays in the outbox, and the log says only whom it is for and
 * what about: a message carries live links and tokens meant for one person, and a log is
 * read by more people for longer. A developer reads mail with `npm run mail:catch`.
 */
export class Mailer {
  /** The relay, when there is one (SMTP_URL). */
  readonly smtp: SmtpSender | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: { smtpUrl: string | undefined; from: string },
    /** Called once a message's job is committed: this process's runner can start it now. */
    private readonly onQueued: () => void = () => {},
  ) {
    this.smtp = options.smtpUrl ? new SmtpSender(options.smtpUrl, options.from) : undefined;
  }

  get deliversBySmtp(): boolean {
    return this.smtp !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const row = {
      teacherId: mail.teacherId ?? null,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
    };
    if (!this.smtp) {
      await this.db.insert(mailOutbox).values(row);
      this.log.info(
        { to: mail.to, subject: mail.subject },
        'E-mail kept in the outbox (no SMTP_URL; `npm run mail:catch` shows mail in development)',
      );
      return;
    }
    await this.db.transaction(async (tx) => {
      const [queued] = await tx.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
      await enqueueJob(tx, DELIVER_MAIL_JOB, { outboxId: queued!.id });
    });
    this.onQueued();
  }

  close(): void {
    this.smtp?.close();
  }
}

/**
 * Deletes a teacher's kept e-mails sent to any of these (lower-case) addresses or whose
 * text matches `textLike` (a LIKE pattern), in the caller's transaction.
 */
export async function forgetMail(
  tx: Transaction,
  teacherId: number,
  about: { addresses: string[]; textLike?: string },
) {
  const conditions: SQL[] = [];
  if (about.addresses.length) {
    conditions.push(inArray(sql`lower(${mailOutbox.toAddress})`, about.addresses));
  }
  if (about.textLike !== undefined)
    conditions.push(sql`${mailOutbox.textBody} like ${about.textLike}`);
  if (conditions.length === 0) return;
  await tx.delete(mailOutbox).where(and(eq(mailOutbox.teacherId, teacherId), or(...conditions)));
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
