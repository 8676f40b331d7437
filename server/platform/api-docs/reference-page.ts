import type { OpenApiDocument } from './index';

/*
 * The reference page is rendered on the server from the OpenAPI document: no script, no
 * CDN, nothing the app's Content-Security-Policy would refuse (inline styles are allowed,
 * inline scripts are not). Headings, lists and tables make it navigable by keyboard and
 * screen reader; colours meet WCAG AA contrast.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  additionalProperties?: JsonSchema | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
};

type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
};

type Operation = {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: JsonSchema }> }
  >;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ERROR_STATUSES = new Set(['4XX', '5XX']);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Inline `code` in descriptions, the one piece of Markdown the API's texts use. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const slug = (text: string) => text.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const anchorOf = (method: string, path: string) => slug(`${method}-${path}`);
const tagAnchor = (tag: string) => `tag-${slug(tag)}`;

export function renderReferencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, { method: string; path: string; operation: Operation }[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b));
  const info = document.info ?? { title: 'API', version: '' };

  const contents = tags
    .map(
      (tag) =>
        `<li><a href="#${tagAnchor(tag)}">${escapeHtml(tag)}</a> <span class="count">(${byTag.get(tag)?.length})</span></li>`,
    )
    .join('');
  const sections = tags
    .map((tag) => {
      const operations = byTag.get(tag) ?? [];
      return `<section aria-labelledby="${tagAnchor(tag)}"><h2 id="${tagAnchor(tag)}">${escapeHtml(tag)}</h2>${operations
        .map(({ method, path, operation }) => renderOperation(method, path, operation))
        .join('')}</section>`;
    })
    .join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title>
<style>${STYLES}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header><h1>${escapeHtml(info.title)} <span class="version">${escapeHtml(info.version)}</span></h1>
<p>${prose(info.description ?? '')}</p>
<p>Besides the answers listed for each route, any route may answer <code>4XX</code> (refused: the message says why, as the page would show it) or <code>5XX</code> (failed on the server; nothing changed) with <code>{ message: string; code: string }</code>.</p>
<p>The same document as JSON: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Sections"><h2 class="nav-title">Sections</h2><ul class="toc">${contents}</ul></nav>
</header>
<main id="main">${sections}</main>
</body>
</html>`;
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const anchor = anchorOf(method, path);
  const access = accessOf(operation);
  const parameters = operation.parameters ?? [];
  const body = Object.entries(operation.requestBody?.content ?? {});
  // Failures are one shape for every route, described once at the top of the page.
  const responses = Object.entries(operation.responses ?? {}).filter(
    ([status]) => !ERROR_STATUSES.has(status),
  );
  return `<article aria-labelledby="${anchor}">
<h3 id="${anchor}"><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code></h3>
${operation.summary ? `<p class="summary">${prose(operation.summary)}</p>` : ''}
${operation.description ? `<p>${prose(operation.description)}</p>` : ''}
<p class="access"><strong>Access:</strong> ${access}</p>
${
  parameters.length
    ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="required">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td><code>${escapeHtml(typeText(p.schema ?? {}, 0))}</code></td><td>${prose(p.description ?? p.schema?.description ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${body
  .map(
    ([type, { schema }]) =>
      `<h4>Request body <span class="media">${escapeHtml(type)}</span></h4><pre><code>${escapeHtml(typeText(schema ?? {}, 0))}</code></pre>`,
  )
  .join('')}
<h4>Responses</h4><dl class="responses">${responses
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {});
      return `<dt>${escapeHtml(status)}</dt><dd>${prose(response.description ?? '')}${content
        .map(([type, { schema }]) =>
          type.includes('json')
            ? `<pre><code>${escapeHtml(typeText(schema ?? {}, 0))}</code></pre>`
            : `<p class="media">${escapeHtml(type)}</p>`,
        )
        .join('')}</dd>`;
    })
    .join('')}</dl>
</article>`;
}

function accessOf(operation: Operation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('adminSession')) return 'administrator session';
  if (schemes.includes('teacherSession'))
    return 'signed-in teacher; only the teacher’s own records';
  return 'no session (where a record is private, a secret in the address or body is the permission)';
}

/** A JSON schema as a short, TypeScript-like type: what a reader of an API wants first. */
function typeText(schema: JsonSchema, depth: number): string {
  const indent = '  '.repeat(depth);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map((s) => typeText(s, depth)).join(' | ');
  if (schema.allOf) return schema.allOf.map((s) => typeText(s, depth)).join(' & ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return types.map((type) => typeText({ ...schema, type }, depth)).join(' | ');
  const [type] = types;
  if (type === 'array') return `${wrap(typeText(schema.items ?? {}, depth))}[]`;
  if (type === 'object' || schema.properties) {
    const entries = Object.entries(schema.properties ?? {});
    if (entries.length === 0) {
      const values = schema.additionalProperties;
      return values && typeof values === 'object'
        ? `{ [key: string]: ${typeText(values, depth)} }`
        : '{ … }';
    }
    const required = new Set(schema.required ?? []);
    const lines = entries.map(([name, property]) => {
      const note = constraintText(property);
      const comment = [property.description, note].filter(Boolean).join('; ');
      return `${indent}  ${name}${required.has(name) ? '' : '?'}: ${typeText(property, depth + 1)};${comment ? ` // ${comment}` : ''}`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  if (type === 'string' && schema.format) return `string (${schema.format})`;
  return type ?? 'any';
}

const wrap = (text: string) => (text.includes(' | ') ? `(${text})` : text);

function constraintText(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`at least ${characters(schema.minLength)}`);
  if (schema.maxLength !== undefined) parts.push(`at most ${characters(schema.maxLength)}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

const characters = (count: number) => `${count} character${count === 1 ? '' : 's'}`;

const STYLES = `
:root { color-scheme: light; --ink: #1f2937; --muted: #4b5563; --line: #d1d5db; --accent: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
header, main { max-width: 62rem; margin: 0 auto; padding: 1rem 1.25rem; }
h1 { font-size: 1.75rem; margin: 1rem 0 .5rem; }
h2 { font-size: 1.4rem; border-bottom: 2px solid var(--line); padding-bottom: .25rem; margin-top: 2.5rem; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; }
h4 { font-size: .95rem; margin: 1rem 0 .25rem; }
.version { font-size: .9rem; color: var(--muted); font-weight: 400; }
a { color: var(--accent); }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
.nav-title { font-size: 1rem; border: 0; margin: 1rem 0 .25rem; }
.toc { columns: 3 12rem; padding-left: 1.25rem; }
.count { color: var(--muted); }
article { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
.path { font-size: 1rem; word-break: break-all; }
.method { font: 700 .8rem/1 ui-monospace, monospace; padding: .3rem .5rem; border-radius: .25rem; color: #fff; }
.method-get { background: #1d4ed8; } .method-post { background: #047857; } .method-put { background: #92400e; }
.method-patch { background: #6d28d9; } .method-delete { background: #b91c1c; }
.summary { font-weight: 600; margin: .25rem 0; }
.access, .media { color: var(--muted); font-size: .9rem; }
.required { font-size: .75rem; color: #b91c1c; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: .35rem .5rem; vertical-align: top; }
/* Wrapped rather than scrolled: no sideways scrolling on a phone, nothing keyboard users cannot reach. */
pre { background: #f3f4f6; padding: .75rem; border-radius: .375rem; font-size: .85rem; white-space: pre-wrap; overflow-wrap: anywhere; }
th, td, p, dd { overflow-wrap: break-word; }
td code { overflow-wrap: anywhere; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
dl.responses dt { font-weight: 700; margin-top: .5rem; }
dl.responses dd { margin: 0 0 0 1rem; }
@media (max-width: 40rem) { header, main { padding: .75rem; } article { padding: .75rem; } }
`;
