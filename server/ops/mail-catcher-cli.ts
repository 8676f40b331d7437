/*
 * `npm run mail:catch [-- --port=1025]`: a development machine's mail relay. Start the app
 * with SMTP_URL=smtp://127.0.0.1:1025 and every e-mail it sends (verification links,
 * shared links, notices) is printed here in full, in this terminal only. Without
 * SMTP_URL the app keeps mail in the mail_outbox table and logs only recipient and subject:
 * a log is read by more people, for longer, than the one person each message is for.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const portArgument = process.argv.find((arg) => arg.startsWith('--port='));
const port = Number(portArgument?.slice('--port='.length) ?? 1025);

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
        process.stdout.write(
          `\n── ${new Date().toISOString()} ─────────────\nTo: ${to.join(', ')}\nSubject: ${mail.subject ?? ''}\n\n${mail.text ?? ''}\n`,
        );
        callback();
      })
      .catch(callback);
  },
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(
    `Catching mail on smtp://127.0.0.1:${port} — start the app with SMTP_URL=smtp://127.0.0.1:${port}\n`,
  );
});
