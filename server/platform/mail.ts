import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { loadNodemailer } from './lazy-modules';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  teacherId?: number;
};

/**
 * Every message is written to the outbox first (so nothing is lost if delivery
 * fails), then handed to SMTP when SMTP_URL is set. Without SMTP the outbox is the
 * delivery: the message, with its link, is printed to the log for the developer.
 */
export class Mailer {
  // Created with the first message: nodemailer stays unloaded until then.
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl: string | undefined; from: string },
  ) {}

  get deliversBySmtp(): boolean {
    return Boolean(this.options.smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        teacherId: mail.teacherId ?? null,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      })
      .returning({ id: mailOutbox.id });
    const smtpUrl = this.options.smtpUrl;
    if (!smtpUrl) {
      this.log.info(
        { to: mail.to, subject: mail.subject },
        `E-mail kept in the outbox (no SMTP_URL):\n${mail.text}`,
      );
      return;
    }
    try {
      this.transport ??= loadNodemailer()
        .then((mailer) => mailer.createTransport(smtpUrl))
        .catch((error) => {
          this.transport = undefined;
          throw error;
        });
      await (await this.transport).sendMail({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      // Once delivered, the body (which holds links that are secrets) is not kept.
      await this.db
        .update(mailOutbox)
        .set({ sentAt: new Date(), textBody: '[delivered]', htmlBody: null })
        .where(eq(mailOutbox.id, row!.id));
    } catch (error) {
      // The row stays unsent with its error; the caller's action still succeeds.
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, outboxId: row!.id }, 'E-mail delivery failed');
      await this.db
        .update(mailOutbox)
        .set({ lastError: message })
        .where(eq(mailOutbox.id, row!.id));
    }
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
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
