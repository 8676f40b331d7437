import { existsSync } from 'node:fs';
import { join } from 'node:path';

/* The server's tiers and rooms, as the boundary checks (module-boundaries.ts) judge them. */

export const TIERS = ['platform', 'engines', 'records', 'work', 'entry'] as const;
export type Tier = (typeof TIERS)[number];

const TIER_ROOTS: [string, Tier][] = [
  ['server/platform/', 'platform'],
  ['server/db/', 'platform'],
  ['server/ai/', 'engines'],
  ['server/records/', 'records'],
  ['server/work/', 'work'],
  ['server/http/', 'entry'],
  ['server/ops/', 'entry'],
  ['server/', 'entry'],
];

export function isTestSupport(path: string): boolean {
  return (
    path.startsWith('server/test/') ||
    /\.test(-support)?\.tsx?$/.test(path) ||
    /\/test\//.test(path) ||
    /\.test-support\.tsx?$/.test(path)
  );
}

export function tierOf(path: string): Tier {
  for (const [root, tier] of TIER_ROOTS) if (path.startsWith(root)) return tier;
  throw new Error(`${path} is in no tier`);
}

/** The module a file belongs to, and the file others must import it through. */
export function moduleOf(root: string, path: string): { name: string; door: string | null } {
  for (const [tierRoot] of TIER_ROOTS) {
    if (!path.startsWith(tierRoot)) continue;
    const rest = path.slice(tierRoot.length);
    const slash = rest.indexOf('/');
    if (slash === -1) return { name: path.replace(/\.[^.]+$/, ''), door: path };
    const folder = tierRoot + rest.slice(0, slash);
    const door = ['index.ts', 'index.tsx']
      .map((f) => `${folder}/${f}`)
      .find((f) => existsSync(join(root, f)));
    return { name: folder, door: door ?? null };
  }
  throw new Error(`${path} is in no module`);
}

export type Violation = { rule: string; detail: string };

/** A module's declaration of the tables it owns. */
export const isTableFile = (path: string) => path.endsWith('/tables.ts') && !isTestSupport(path);

/** The file that gathers every table for the Drizzle client and drizzle-kit. */
export const SCHEMA_FILE = 'server/db/schema.ts';
