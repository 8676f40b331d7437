import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { type JobHandler, PermanentJobError, type RetryPolicy } from '../jobs';
import { loadNodemailer } from '../lazy-modules';
import { mailOutbox } from './tables';

/*
 * Delivery of the outbox's messages over SMTP, one `deliver-mail` job per message (queued
 * with the message, see Mailer.send). A relay that is down or refusing for now is tried
 * again with back-off for about a day; a refusal of the message itself (a 5xx reply to the
 * recipient or the content) is final at once. See decision 0004.
 */

export const DELIVER_MAIL_JOB = 'deliver-mail';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * 30 s after the first failure, doubling up to 4 hours apart: 15 attempts span about 24 h
 * (0.5 + 1 + 2 + ... + 128 minutes ≈ 4.3 h, then five waits of 4 h). A momentary outage
 * costs the message half a minute; an outage over a weekend night still ends in delivery.
 */
export const MAIL_RETRY: RetryPolicy = {
  maxAttempts: 15,
  delayMs: (attempts) => Math.min(0.5 * MINUTE * 2 ** (attempts - 1), 4 * HOUR),
};

/**
 * Replies that concern the relay's login or TLS, not this message (RFC 4954): a setting
 * to fix, after which the message should still go, so they are retried like an outage.
 */
const SETUP_REPLY_CODES = new Set([530, 534, 535, 538]);

/** Whether the relay refused this message for good (550 no such mailbox, 552 too big...). */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    code !== 'EAUTH' &&
    !SETUP_REPLY_CODES.has(responseCode)
  );
}

/**
 * Timeouts shorter than nodemailer's (2 minutes to connect, 10 of silence): a job that
 * waits on a relay that does not answer holds a delivery slot, and is better retried.
 * Settings in SMTP_URL's query string win.
 */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 120_000 };

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

/** One SMTP relay; nodemailer is loaded with the first message, not at start. */
export class SmtpSender {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    readonly from: string,
  ) {}

  async send(message: SendMailOptions): Promise<void> {
    this.transport ??= loadNodemailer()
      .then((mailer) => mailer.createTransport(withTimeouts(this.smtpUrl)))
      .catch((error) => {
        this.transport = undefined;
        throw error;
      });
    await (await this.transport).sendMail({ from: this.from, ...message });
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }
}

/**
 * The same Message-ID on every attempt at one message: a copy sent twice (see the
 * at-least-once window below) is recognisable as one message to mail systems that
 * de-duplicate by it.
 */
function messageId(row: { id: number; createdAt: Date }, from: string): string {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'classroom-voice.local';
  return `<outbox.${row.id}.${row.createdAt.getTime()}@${domain}>`;
}

const payloadSchema = z.object({ outboxId: z.number().int() });

/**
 * Sends one outbox message, at most once as far as the outbox knows: a message marked
 * sent (or given up) is never sent again, whichever process or retry runs the job.
 *
 * At-least-once window: if the process dies (or loses its lease) after the relay accepted
 * the message and before `sent_at` is written, the job runs again and the recipient gets
 * a second copy. That is a few milliseconds per message; the other way round (mark first,
 * then send) would lose the message instead, and a lost verification link is worse.
 */
export function deliverMailJobHandler(
  db: Database,
  smtp: SmtpSender,
  log: FastifyBaseLogger,
): JobHandler {
  return {
    retry: MAIL_RETRY,
    // A slow relay holds up a few messages, not every one behind it.
    concurrency: 4,
    async run(payload, job) {
      const { outboxId } = payloadSchema.parse(payload);
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      // Gone with the teacher or pupil it was about (an erase): nothing to send.
      if (!row) return;
      if (row.sentAt || row.failedAt) return;
      try {
        await smtp.send({
          messageId: messageId(row, smtp.from),
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({ attempts: job.attempts, lastError: message.slice(0, 2000) })
          .where(eq(mailOutbox.id, outboxId));
        if (isPermanentRefusal(error)) throw new PermanentJobError(message);
        throw error;
      }
      // Once delivered, the body (which holds links that are secrets) is not kept.
      await db
        .update(mailOutbox)
        .set({
          sentAt: new Date(),
          attempts: job.attempts,
          textBody: '[delivered]',
          htmlBody: null,
        })
        .where(eq(mailOutbox.id, outboxId));
      if (job.attempts > 1) log.info({ outboxId, attempts: job.attempts }, 'E-mail delivered');
    },
    async onFailure(payload, error) {
      const { outboxId } = payloadSchema.parse(payload);
      log.error({ err: error, outboxId }, 'E-mail not delivered: given up');
      // Kept: who, what subject, how many attempts, why. Dropped: the body and its links.
      await db
        .update(mailOutbox)
        .set({
          failedAt: new Date(),
          lastError: error.message.slice(0, 2000),
          textBody: '[not delivered]',
          htmlBody: null,
        })
        .where(and(eq(mailOutbox.id, outboxId), isNull(mailOutbox.sentAt)));
    },
  };
}
