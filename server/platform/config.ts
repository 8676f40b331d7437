import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { inspect } from 'node:util';
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
  /** Threads that read pupils' files (text extraction, PDF passages); default: one per core. */
  WORKER_POOL_SIZE: z.coerce.number().int().min(1).max(64).optional(),
  /** Presence selects the S3 file store; the other S3_ settings need it. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/\S*)?$/, 'S3_ENDPOINT must be an http:// or https:// address')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must look like eu-west-2')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  /** Read only to decide whether S3_REGION may be left out. */
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A worker's Prometheus metrics on HOST:METRICS_PORT/metrics; unset, none (workers serve no HTTP). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
});

/** An S3-compatible bucket for uploaded files (instead of DATA_DIR/files). */
export type S3Settings = {
  bucket: string;
  /** Unset for AWS itself; a self-hosted store's URL otherwise (MinIO, Ceph, s3rver). */
  endpoint: string | undefined;
  region: string | undefined;
  /** bucket.host/key (AWS default) or host/bucket/key (most self-hosted stores). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, profile, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

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
  /** Where a worker process serves its metrics (web instances serve them at /metrics). */
  metricsPort: number | undefined;
  /** Threads in the worker pool (server/work/worker-pool): also how many extractions run at once. */
  workerPoolSize: number;
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
  /** Where uploaded files live: S3 when set, DATA_DIR/files otherwise. */
  s3: S3Settings | undefined;
  /** Built SPA to serve; absent in API-only tests. */
  webRoot: string | undefined;
};

/** Every variable the app reads: .env.example and docs/deploy.md list each (a test checks). */
export const ENVIRONMENT_VARIABLES = Object.keys(environmentSchema.shape);

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
    metricsPort: e.METRICS_PORT,
    workerPoolSize: e.WORKER_POOL_SIZE ?? Math.max(1, availableParallelism()),
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
    s3: s3Settings(e),
    webRoot: resolve('dist/web'),
  };
}

/**
 * S3 is all or nothing: a half-made configuration stops the start with what is missing,
 * rather than quietly keeping files on local disk that another instance cannot see.
 * Messages name variables, never their values.
 */
function s3Settings(e: z.output<typeof environmentSchema>): S3Settings | undefined {
  const others = (
    [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET) {
    if (others.length === 0) return undefined;
    throw new Error(
      `Invalid environment:\n  S3_BUCKET: required when ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} set (or remove them to keep files under DATA_DIR)`,
    );
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    throw new Error(
      `Invalid environment:\n  ${missing}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither, for the SDK's default credentials)`,
    );
  }
  // A self-hosted store ignores the region, but the request signature still names one.
  const region =
    e.S3_REGION ??
    e.AWS_REGION ??
    e.AWS_DEFAULT_REGION ??
    (e.S3_ENDPOINT ? 'us-east-1' : undefined);
  if (!region) {
    throw new Error(
      "Invalid environment:\n  S3_REGION: required for AWS S3 (the bucket's region, e.g. eu-west-2), unless AWS_REGION is set",
    );
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? unprintable({ accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY })
        : undefined,
  };
}

/**
 * The secret stays readable to the SDK but prints as [redacted] in JSON (pino) and in
 * console.log/inspect, should the config ever be logged whole.
 */
function unprintable<T extends { accessKeyId: string; secretAccessKey: string }>(
  credentials: T,
): T {
  const shown = () => ({ accessKeyId: credentials.accessKeyId, secretAccessKey: '[redacted]' });
  return Object.defineProperties(credentials, {
    toJSON: { value: shown, enumerable: false },
    [inspect.custom]: { value: shown, enumerable: false },
  });
}
