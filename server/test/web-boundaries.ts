import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ImportEdge, importEdges, sourceFiles } from './import-graph';
import type { Violation } from './server-rooms';

/*
 * The web client's rooms (docs/architecture.md draws them):
 *
 *   app         web/app, web/main.tsx        the shell, routes and areas that compose features
 *               web/build                    the build's own entries (prerendering)
 *   features    web/features/<feature>       one page or tool each, entered through index.ts
 *   shared      web/components, web/lib      parts any feature may use; they know no feature
 *
 * A feature never imports another feature or the app: what two features share moves down to
 * shared, and what one feature lends another's page is handed over by the app (a slot prop).
 * The app takes from a feature only what its door exports (page loaders, slots). Tests may
 * import anything; production code imports no test support (*.test-support.ts, test/).
 */

type Room = { kind: 'app' } | { kind: 'feature'; name: string } | { kind: 'shared' };

export function webRoomOf(path: string): Room {
  const feature = /^web\/features\/([^/]+)\//.exec(path);
  if (feature) return { kind: 'feature', name: feature[1]! };
  if (path.startsWith('web/app/') || path.startsWith('web/build/') || path === 'web/main.tsx') {
    return { kind: 'app' };
  }
  return { kind: 'shared' };
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const isTestSupport = (path: string) => /\.test-support\.tsx?$/.test(path) || /\/test\//.test(path);

export function webBoundaryViolations(root: string): Violation[] {
  const files = sourceFiles(root, 'web').filter((f) => !f.startsWith('web/public/'));
  const violations: Violation[] = [];
  for (const edge of importEdges(root, files)) {
    if (isTest(edge.from) || isTestSupport(edge.from)) continue;
    const rule = brokenRule(root, edge);
    if (rule) violations.push({ rule, detail: `${edge.from} → ${edge.to}` });
  }
  return violations;
}

function brokenRule(root: string, edge: ImportEdge): string | null {
  if (isTestSupport(edge.to) || isTest(edge.to)) return 'production imports test support';
  if (edge.to.startsWith('server/')) return 'the client imports server code';
  if (!edge.to.startsWith('web/')) return null;
  const from = webRoomOf(edge.from);
  const to = webRoomOf(edge.to);
  if (from.kind === 'shared' && to.kind !== 'shared') return `shared code imports the ${to.kind}`;
  if (from.kind === 'feature') {
    if (to.kind === 'app') return 'a feature imports the app';
    if (to.kind === 'feature' && to.name !== from.name) return 'a feature imports another feature';
  }
  if (from.kind === 'app' && to.kind === 'feature') {
    const door = ['index.ts', 'index.tsx']
      .map((file) => `web/features/${to.name}/${file}`)
      .find((file) => existsSync(join(root, file)));
    if (!door) return 'a feature without a door (index.ts)';
    if (edge.to !== door) return 'the app imports past a feature’s door';
  }
  return null;
}
