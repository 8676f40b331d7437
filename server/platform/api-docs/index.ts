import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../contract/errors';
import { ADMIN_SESSION_COOKIE, TEACHER_SESSION_COOKIE } from '../cookies';
import { renderReferencePage } from './reference-page';
import { installSchemaCompilers } from './schema-compilers';

export { healthSchema, livenessSchema, metricsSchema, readinessSchema } from './health';
export {
  adminOnly,
  describedParams,
  fileResponse,
  recordId,
  recordingResponses,
  redirectResponse,
  teacherOnly,
} from './route-schema';
export type { SchemaTypes } from './schema-compilers';

export const OPENAPI_PATH = '/api/docs/openapi.json';
export const REFERENCE_PATH = '/api/docs';

/**
 * The API documents itself from the schemas its routes declare (decision 0026). Must be
 * registered before any feature module, so every route passes through its onRoute hooks.
 * The document and the page are public: they describe addresses and shapes, never data,
 * and the same addresses ship in the web app's JavaScript.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { version: string; checkResponses: boolean },
) {
  installSchemaCompilers(app, options.checkResponses);
  const routes: RouteOptions[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
    addErrorResponses(route);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Classroom Voice API',
        version: options.version,
        description:
          'Every answer is JSON unless stated. Every failure answers `{ message, code }` with the same message the page shows. Writes (POST, PUT, DELETE) must send `application/json` or `multipart/form-data` and may not come from another site. Teacher routes need the session cookie set by `POST /api/auth/login`; administrator routes the one set by `POST /api/admin/login`. Pupils and parents use secret addresses (classroom passphrase, document code, share key) instead of an account.',
      },
      components: {
        securitySchemes: {
          teacherSession: { type: 'apiKey', in: 'cookie', name: TEACHER_SESSION_COOKIE },
          adminSession: { type: 'apiKey', in: 'cookie', name: ADMIN_SESSION_COOKIE },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        tags: ['Documentation'],
        summary: 'This API as an OpenAPI 3.1 document',
        response: { 200: z.record(z.string(), z.unknown()).describe('OpenAPI 3.1 document') },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return app.swagger();
    },
  );

  let page: string | undefined;
  app.get(
    REFERENCE_PATH,
    {
      schema: {
        tags: ['Documentation'],
        summary: 'This API as a readable reference page',
        response: {
          200: {
            description: 'HTML page rendered from the OpenAPI document',
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      // Routes cannot change once the app is listening, so the page is rendered once.
      page ??= renderReferencePage(app.swagger() as unknown as OpenApiDocument);
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      return page;
    },
  );
}

const registered = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Every route the app registered after the docs, as Fastify saw it (the docs test reads it). */
export function registeredRoutes(app: FastifyInstance): readonly RouteOptions[] {
  return registered.get(app) ?? [];
}

/** The parts of the generated document that the page and the tests read. */
export type OpenApiDocument = {
  openapi?: string;
  info?: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, unknown>>;
};

/**
 * Every failure, from any route, is the one error shape (server/app.ts's error handler):
 * declared once here rather than on each route. Routes that declare no schema at all are
 * left alone, so the documentation test can still see that they are undocumented.
 */
function addErrorResponses(route: RouteOptions) {
  const schema = route.schema as { response?: Record<string, unknown> } | undefined;
  if (!schema?.response) return;
  const declared = Object.entries(schema.response).map(([status, response]) => [
    status,
    // "Default Response" is all @fastify/swagger can say about an undescribed answer.
    response instanceof z.ZodType && !response.description ? response.describe('OK') : response,
  ]);
  schema.response = {
    '4xx': apiErrorSchema.describe('Refused: `message` says why, as the page shows it'),
    '5xx': apiErrorSchema.describe('Something failed on the server; nothing was changed'),
    ...Object.fromEntries(declared),
  };
}
