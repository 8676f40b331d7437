import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness';
import { OPENAPI_PATH, type OpenApiDocument, REFERENCE_PATH, registeredRoutes } from './index';
import { checkedJsonText } from './schema-compilers';

type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; description?: string; schema?: object }[];
  responses?: Record<string, unknown>;
};

/** Fastify writes `/a/:id`; OpenAPI writes `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the API documents itself', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const response = await t.app.inject({ url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => t?.close());

  it('serves an OpenAPI 3.1 document without signing in', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info?.title).toBe('Classroom Voice API');
  });

  it('documents every route the app registered', () => {
    const routes = registeredRoutes(t.app).flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url, schema: route.schema })),
    );
    const visible = routes.filter(
      // HEAD answers are Fastify's automatic twins of GET routes.
      (route) => route.method !== 'HEAD' && !(route.schema as { hide?: boolean })?.hide,
    );
    expect(visible.length).toBeGreaterThan(90);
    const undocumented: string[] = [];
    for (const { method, url } of visible) {
      const operation = document.paths?.[openApiPath(url)]?.[method.toLowerCase()] as
        | Operation
        | undefined;
      const problems = [
        !operation && 'missing from the document',
        operation && !operation.summary && 'no summary',
        operation && !operation.tags?.length && 'no tag',
        operation &&
          !Object.keys(operation.responses ?? {}).some((status) => /^[123]/.test(status)) &&
          'no success response',
        ...[...url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => {
          const parameter = operation?.parameters?.find((p) => p.in === 'path' && p.name === name);
          if (!parameter) return `path parameter ${name} not described`;
          if (!parameter.description) return `path parameter ${name} has no description`;
          return false;
        }),
      ].filter(Boolean);
      if (problems.length) undocumented.push(`${method} ${url}: ${problems.join(', ')}`);
    }
    expect(undocumented).toEqual([]);
  });

  it('gives no example values for any parameter, so no real key can appear', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/"examples?":/);
  });

  it('serves a reference page that lists every path, under the app’s CSP', async () => {
    const response = await t.app.inject({ url: REFERENCE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script|https?:\/\/(?!127)/i);
    for (const path of Object.keys(document.paths ?? {})) {
      expect(html).toContain(path.replace(/&/g, '&#38;'));
    }
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<main id="main">');
  });
});

describe('the response check used in tests', () => {
  const schema = z.object({ id: z.number(), name: z.string().nullable() });
  const serialize = checkedJsonText(schema, 'GET /x 200');

  it('passes an answer that matches its schema, unchanged', () => {
    expect(serialize({ id: 1, name: null })).toBe('{"id":1,"name":null}');
  });

  it('fails an answer with a wrong type, a missing field or an undeclared field', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => serialize({ id: '1', name: null })).toThrow(/does not match/);
      expect(() => serialize({ id: 1 })).toThrow(/does not match/);
      expect(() => serialize({ id: 1, name: 'a', secret: 'x' })).toThrow(/\.secret/);
    } finally {
      console.error = quiet;
    }
  });

  it('checks the answer as JSON, so a Date must be declared as a string', () => {
    const dated = checkedJsonText(z.object({ at: z.string() }), 'GET /y 200');
    expect(dated({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});
