import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; subject: string; text: string; html: string };

export type SmtpCaptureOptions = {
  /** Listen on this port (a relay coming back where it was); a free one by default. */
  port?: number;
  /** Refuse these recipients for good, as a relay answers for a mailbox that does not exist. */
  refuse?: RegExp;
  /** Accept connections but never greet: a relay that hangs (until hang(false)). */
  hang?: boolean;
};

/** A 5xx reply: smtp-server sends the error's responseCode to the client. */
function refusal(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * A real SMTP server, in-process, on a free port: the app delivers to it over TCP
 * exactly as it would to a school's mail relay.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}) {
  const inbox: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  /** Connections opened so far (a hanging relay counts the ones it holds). */
  let connections = 0;
  let hanging = options.hang ?? false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      if (!hanging) callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) {
        callback(refusal(`5.1.1 <${address.address}>: mailbox unavailable`, 550));
      } else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
          inbox.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Resolves with the first message to `address` matching `subject`, waiting for it to arrive. */
  async function waitForMail(address: string, subject: RegExp, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = inbox.find(
        (mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    inbox,
    connections: () => connections,
    hang: (on: boolean) => {
      hanging = on;
    },
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in:\n${text}`);
  return match[0];
}
