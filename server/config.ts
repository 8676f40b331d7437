import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: booleanFlag.optional(),
  RUN_JOBS: booleanFlag.default(true),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Classroom Voice <no-reply@classroom-voice.local>'),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** Number of reverse proxies in front of the app ('true' means one); 0 trusts none. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or a number of proxies')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
    .default(0),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_TRANSCRIPTION_MODEL: z.string().default('whisper-1'),
  AI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
  /** Speech for the synthesized-voice option; only used when AI_SPEECH_VOICE is set. */
  AI_SPEECH_MODEL: z.string().default('tts-1'),
  AI_SPEECH_VOICE: z.string().optional(),
  AVATAR_SERVICE_URL: z.string().url().optional(),
  AVATAR_SERVICE_API_KEY: z.string().optional(),
  AVATAR_SERVICE_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  VOICE_CLONE_URL: z.string().url().optional(),
  VOICE_CLONE_API_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite files under dataDir. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /**
   * Whether this web server also runs the background jobs and periodic work (the default).
   * false (RUN_JOBS=false) serves HTTP only and leaves them to `npm run worker` processes:
   * PostgreSQL only, as the embedded database cannot be shared with a worker.
   */
  runJobs: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin used in links sent by e-mail; defaults to http://localhost:PORT. */
  publicUrl: string;
  admin: { username: string | undefined; password: string | undefined };
  /**
   * Proxies in front of the app (TLS terminators). With n > 0 the client address is the
   * n-th from the right of X-Forwarded-For, so a client cannot choose its own; cookies
   * are marked Secure and HSTS is sent.
   */
  trustProxyHops: number;
  logLevel: string;
  /** OpenAI-compatible provider; unset keeps the built-in offline engines. */
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    transcriptionModel: string;
    chatModel: string;
    /** OpenAI-compatible /audio/speech: on when AI_BASE_URL and AI_SPEECH_VOICE are set. */
    speechModel: string;
    speechVoice: string | undefined;
  };
  /** A talking-avatar service (submit, poll, fetch); unset renders everything offline. */
  avatarService: { url: string | undefined; apiKey: string | undefined; deadlineMs: number };
  /** Voice-cloning service (ElevenLabs protocol); unset keeps the built-in voice engine. */
  voiceClone: { baseUrl: string | undefined; apiKey: string | undefined };
  /** Built SPA to serve; absent in API-only tests. */
  webRoot: string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (FOO= in a .env file) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo content only ever lands in the embedded database unless explicitly asked for.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    runJobs: e.RUN_JOBS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      transcriptionModel: e.AI_TRANSCRIPTION_MODEL,
      chatModel: e.AI_CHAT_MODEL,
      speechModel: e.AI_SPEECH_MODEL,
      speechVoice: e.AI_SPEECH_VOICE,
    },
    avatarService: {
      url: e.AVATAR_SERVICE_URL,
      apiKey: e.AVATAR_SERVICE_API_KEY,
      deadlineMs: e.AVATAR_SERVICE_TIMEOUT_SECONDS * 1000,
    },
    voiceClone: { baseUrl: e.VOICE_CLONE_URL, apiKey: e.VOICE_CLONE_API_KEY },
    webRoot: resolve('dist/web'),
  };
}
