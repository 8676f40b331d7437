import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import { createAppContext, registerJobHandlers } from './background';
import type { Database, DatabaseHandle } from './db/client';
import { activityRoutes } from './http/activity';
import { adminProfileRoutes, adminPupilRoutes, adminRoutes } from './http/admin';
import { audioRoutes } from './http/audio';
import { authRoutes } from './http/auth';
import { avatarVideoRoutes } from './http/avatar-video';
import { classroomRoutes } from './http/classroom';
import { documentRoutes } from './http/documents';
import { feedbackRoutes } from './http/feedback';
import { lessonPlanRoutes } from './http/lesson-plans';
import { markingRoutes } from './http/marking';
import { parentReportRoutes } from './http/parent-reports';
import { profileRoutes } from './http/profiles';
import { pupilDocumentRoutes, pupilPortalRoutes } from './http/pupil-portal';
import { settingsRoutes } from './http/settings';
import { sharingRoutes } from './http/sharing';
import { studentRoutes } from './http/students';
import { transcriptRoutes } from './http/transcripts';
import { uploadRoutes } from './http/uploads';
import { healthSchema, registerApiDocs } from './platform/api-docs';
import { compressJsonAnswers } from './platform/compress-json';
import type { Config } from './platform/config';
import { openFileStore } from './platform/configured-file-store';
import { AppError } from './platform/errors';
import { privatePageHeaders } from './platform/http';
import { declareLoggableParams } from './platform/log-redaction';
import { loggerOptions, requestCompletedLine, writeLogLine } from './platform/logger';
import { DELIVER_MAIL_JOB } from './platform/mail';
import { requestDurations } from './platform/metrics';
import { operationsRoutes } from './platform/operations-routes';
import { unavailableAnswer } from './platform/outages';
import { Readiness } from './platform/readiness';
import { refuseCrossSiteWrites, refuseUnstorableInput } from './platform/request-guards';
import { requestIdGenerator } from './platform/request-id';
import { addSecurityHeaders } from './platform/security-headers';
import { firstAnswerFor, loadWebPages, pageFileFor, type WebPages } from './platform/web-pages';
import type { AppContext } from './records/context';
import { MAX_UPLOAD_BYTES } from './records/uploads';
import { RENDER_VIDEO_JOB } from './records/videos';

/**
 * The modules whose routes read form uploads. @fastify/multipart is registered in their
 * scope only: it adds two hooks to every request of the scope it is registered in (a close
 * listener, and a clean-up of temporary files we never save), which cost every other
 * answer ~3 µs of the server's thread. A route elsewhere that reads a form fails its tests
 * with "@fastify/multipart is not registered" until its module is listed here.
 */
const FORM_UPLOAD_MODULES = new Set<(app: FastifyInstance, ctx: AppContext) => Promise<void>>([
  uploadRoutes,
  audioRoutes,
  avatarVideoRoutes,
  profileRoutes,
]);
const MULTIPART_LIMITS = {
  limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
};

export type BuildOptions = {
  config: Config;
  db: Database;
  /** Where log lines go (standard output unless given): tests read them. */
  logStream?: { write: (line: string) => void };
  /** Tests: every JSON answer must match its route's declared response schema. */
  checkResponses?: boolean;
  /** The pool behind `db`, for the metrics (PostgreSQL). */
  database?: Pick<DatabaseHandle, 'poolUse'>;
};

/** Builds the app: platform plugins first, then the error handlers, then feature modules. */
export async function buildApp({
  config,
  db,
  logStream,
  checkResponses,
  database,
}: BuildOptions): Promise<{
  app: FastifyInstance;
  ctx: AppContext;
  readiness: Readiness;
}> {
  const logger = loggerOptions(config, logStream);
  const app = Fastify({
    logger,
    // Trust exactly the configured number of proxies, so X-Forwarded-For entries that a
    // client wrote itself never become its address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Slow senders cannot hold a connection (and a buffered upload) for ever.
    requestTimeout: 120_000,
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
    // The proxy's X-Request-Id when behind one (validated), else Fastify's own counter.
    genReqId: requestIdGenerator(config.trustProxyHops > 0),
    // A request that reaches a stopping instance is answered as usual, not with Fastify's
    // bare 503: the database closes only after the last connection has ended, and every
    // answer from then on closes its connection (server/main.ts), so nothing is refused
    // while an instance is restarted behind the proxy (server/ops/rolling-upgrade.test.ts).
    return503OnClosing: false,
  });
  // Before any route: each learns which of its parameters a log line may show.
  declareLoggableParams(app);
  if (logger === false) {
    app.addHook('onResponse', async (request, reply) => recordRequest(request, reply));
  }
  app.decorateRequest('teacher', null);
  app.decorateRequest('adminUsername', null);

  const ctx = createAppContext(config, db, app.log, await openFileStore(config));
  // Registered in every instance: tests drain them, and whichever process runs jobs
  // (this one, or `npm run worker`) knows every kind.
  registerJobHandlers(ctx);
  // The S3 client keeps connections open; let the process exit once the app is closed.
  app.addHook('onClose', async () => {
    ctx.files.destroy?.();
  });
  app.addHook('onClose', async () => {
    // The openings of shared links still held are written before anything closes.
    await ctx.linkViews.close();
    await ctx.jobs.stop();
    ctx.mailer.close();
  });

  await app.register(fastifyCookie);
  const serveSpa = Boolean(config.webRoot && existsSync(join(config.webRoot, 'index.html')));
  const webPages = loadWebPages(serveSpa ? config.webRoot : undefined);
  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Same-origin files, and the build's inline scripts by their hash (the theme
        // script in <head>, which must run before the first paint).
        scriptSrc: ["'self'", ...webPages.scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.trustProxyHops > 0 ? [] : null,
      },
    },
    // HSTS only means something behind HTTPS (TRUST_PROXY); on plain http it would mislead.
    strictTransportSecurity: config.trustProxyHops > 0 ? { maxAge: 31_536_000 } : false,
    crossOriginEmbedderPolicy: false,
  });

  refuseCrossSiteWrites(app, config);
  refuseUnstorableInput(app);
  compressJsonAnswers(app);
  installErrorHandlers(app, serveSpa ? webPages : null);
  await registerApiDocs(app, { version: packageJson.version, checkResponses: !!checkResponses });

  for (const routes of [
    authRoutes,
    adminRoutes,
    classroomRoutes,
    uploadRoutes,
    pupilPortalRoutes,
    pupilDocumentRoutes,
    documentRoutes,
    feedbackRoutes,
    markingRoutes,
    audioRoutes,
    sharingRoutes,
    parentReportRoutes,
    studentRoutes,
    lessonPlanRoutes,
    transcriptRoutes,
    avatarVideoRoutes,
    profileRoutes,
    adminProfileRoutes,
    adminPupilRoutes,
    settingsRoutes,
    activityRoutes,
  ]) {
    await app.register(async (api) => {
      if (FORM_UPLOAD_MODULES.has(routes)) await api.register(fastifyMultipart, MULTIPART_LIMITS);
      await routes(api, ctx);
    });
  }
  app.get('/api/health', { schema: healthSchema }, async () => ({ status: 'ok' as const }));
  const readiness = new Readiness(db, ctx.files);
  operationsRoutes(app, {
    readiness,
    metrics: {
      db,
      poolUse: database?.poolUse,
      backlogKinds: { render: RENDER_VIDEO_JOB, mail: DELIVER_MAIL_JOB },
    },
  });

  if (serveSpa && config.webRoot) {
    await app.register(fastifyStatic, {
      root: config.webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (web/build/precompress.ts).
      preCompressed: true,
      // Vite names every asset by its content hash: a changed file is a new address, so
      // browsers may keep these for a year without asking again.
      setHeaders: (response, path) => {
        if (path.includes('/assets/')) {
          response.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  return { app, ctx, readiness };
}

/**
 * Fastify writes two lines per request ("incoming request", then "request completed").
 * One is enough: method, redacted address (the req serializer), status and time taken,
 * written when the answer has gone (built directly: requestCompletedLine).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    recordRequest(request, reply);
    if (this.isLogDisabled(request)) return;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (!error) {
      const log = request.server.log;
      const line = requestCompletedLine(
        log,
        this.requestIdLogLabel,
        request,
        reply.statusCode,
        responseTime,
      );
      if (line) writeLogLine(log, line);
      return;
    }
    const line = {
      req: request,
      res: reply,
      responseTime,
    };
    reply.log.error({ ...line, err: error }, 'request errored');
  }
}

/**
 * Every answer's duration, by its route's pattern, never its address (which may hold a
 * pupil's passphrase or a share key). Called from the log controller, which Fastify calls
 * for every answer anyway; without a logger (LOG_LEVEL=silent) from an onResponse hook.
 */
function recordRequest(request: FastifyRequest, reply: FastifyReply): void {
  requestDurations.record(
    request.method,
    request.routeOptions.url ?? 'unmatched',
    reply.statusCode,
    reply.elapsedTime / 1000,
  );
}

/** `webPages`: null when this server does not serve the web client. */
function installErrorHandlers(app: FastifyInstance, webPages: WebPages | null) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    }
    // The database or the file store is away: say so and when to try again (503).
    const unavailable = unavailableAnswer(error);
    if (unavailable) {
      request.log.warn({ err: error, reqId: request.id }, unavailable.code);
      return reply
        .status(unavailable.statusCode)
        .header('Retry-After', String(unavailable.retryAfter))
        .send({ message: unavailable.message, code: unavailable.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // Never leak internals: log with the request id, answer a generic message.
      request.log.error({ err: error, reqId: request.id }, 'Unhandled error');
      return reply.status(500).send({
        message: 'An internal error occurred. Please try again later.',
        code: 'internal_error',
      });
    }
    return reply
      .status(status)
      .send({ message: clientErrorMessage(error), code: clientErrorCode(error) });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (isPageRequest && webPages) {
      // The SPA decides what to show for client-side routes, including its own 404 screen.
      // Pages that pupils and parents open by a secret address are kept out of caches,
      // referrers and search engines.
      if (path.startsWith('/feedback-view/')) sharedLinkPageHeaders(reply);
      else if (/^\/(documents|student|shared)\//.test(path)) privatePageHeaders(reply);
      else reply.header('Cache-Control', 'no-cache');
      // A pupil's or a parent's link names what its page reads first: it travels beside the
      // page's code instead of after it (credentials as web/lib/api.ts fetches it, so the
      // browser hands this answer to that fetch).
      const answer = firstAnswerFor(webPages, path);
      if (answer) {
        reply.header('Link', `<${answer}>; rel=preload; as=fetch; crossorigin=use-credentials`);
      }
      // Without cacheControl: false, @fastify/static would replace the header set above.
      const file = pageFileFor(webPages, path, request.url !== path);
      return reply.sendFile(file, { cacheControl: false });
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}

/**
 * A parent's shared link: like the other secret addresses (no referrer, not indexed), but
 * the page (the app's shell, no data: that comes from /api/feedback-view/…, no-store) may
 * be kept by this browser alone and revalidated, so Back and Forward restore it from the
 * back/forward cache, which no-store forbids. Decision 0030 says why this is safe.
 */
function sharedLinkPageHeaders(reply: FastifyReply): FastifyReply {
  return privatePageHeaders(reply).header('Cache-Control', 'private, no-cache');
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    default:
      if (error instanceof SyntaxError) return 'Request body is not valid JSON';
      return error.message || 'Bad request';
  }
}

function clientErrorCode(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'payload_too_large';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupported_media_type';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return 'invalid_json';
  }
  return 'bad_request';
}
