import { type Backend, startTestApp } from '../../server/test/harness';
import { startSmtpCapture } from '../../server/test/smtp-capture';

/**
 * The whole app, built SPA included, listening on a free port with a fresh database
 * and a real SMTP server in this process to receive its mail.
 */
export async function startAppServer(backend: Backend) {
  const smtp = await startSmtpCapture();
  const app = await startTestApp(backend, { SMTP_URL: smtp.url }, { listen: true });
  // As in production: background jobs (text extraction) run beside the server.
  app.ctx.jobs.start();
  return {
    ...app,
    baseURL: app.config.publicUrl,
    smtp,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

export const ADMIN = { username: 'admin', password: 'admin-test-password' } as const;
