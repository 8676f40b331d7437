import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { enqueueJob } from './jobs';
import { DELIVER_MAIL_JOB, SmtpSender } from './mail-delivery';

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
 * (mail-delivery.ts). The caller's action never waits on, or fails with, the relay.
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

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
