import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Decision 0031: zod and the contract's schemas reach a page only through `import()`, when a
 * form is opened or checked. One static import of a value from a module that declares schemas
 * (a constant beside them is enough: the bundler cannot drop `z.object(…)` calls) puts zod
 * and all that module's schemas back on every page that imports it. Type imports are erased.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'web');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'build' ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The modules a file imports statically for their values (not `import type`, not `import()`). */
function staticValueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*import\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    const [, typeOnly, clause = '', from = ''] = match;
    if (typeOnly) continue;
    const named = clause.match(/^\{([\s\S]*)\}$/);
    const specifiers = named?.[1]
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (specifiers?.every((part) => part.startsWith('type '))) continue;
    found.push(from);
  }
  // Side-effect imports load the module too.
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  return found;
}

function resolveContract(from: string, specifier: string): string | null {
  if (specifier.startsWith('@contract/')) {
    return join(root, 'contract', `${specifier.slice('@contract/'.length)}.ts`);
  }
  if (specifier.startsWith('.') && from.startsWith(join(root, 'contract'))) {
    return resolve(dirname(from), `${specifier}.ts`);
  }
  return null;
}

/** Whether loading this contract module loads zod (directly or through another module). */
function contractLoadsZod(path: string, seen = new Set<string>()): boolean {
  if (seen.has(path)) return false;
  seen.add(path);
  return staticValueImports(readFileSync(path, 'utf8')).some((specifier) => {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
    const next = resolveContract(path, specifier);
    return next !== null && contractLoadsZod(next, seen);
  });
}

describe('zod on the pages', () => {
  it('reads type-only and side-effect imports as this test needs', () => {
    expect(
      staticValueImports(
        [
          "import type { A } from '@contract/a';",
          "import { type B, type C } from '@contract/b';",
          "import { D, type E } from '@contract/d';",
          "import {\n  F,\n  type G,\n} from 'f';",
          "import * as H from 'h';",
          "import 'side-effect';",
          "const lazy = () => import('@contract/lazy');",
        ].join('\n'),
      ),
    ).toEqual(['@contract/d', 'f', 'h', 'side-effect']);
  });

  it('is never imported statically by a page module, nor through a contract module', () => {
    const offenders: string[] = [];
    for (const file of sourcesUnder(webDir)) {
      for (const specifier of staticValueImports(readFileSync(file, 'utf8'))) {
        const contract = resolveContract(file, specifier);
        const zod =
          specifier === 'zod' ||
          specifier.startsWith('zod/') ||
          specifier.startsWith('@hookform/resolvers') ||
          (contract !== null && contractLoadsZod(contract));
        if (zod) offenders.push(`${relative(root, file)} imports ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('knows which contract modules declare schemas', () => {
    expect(contractLoadsZod(join(root, 'contract/lesson-plans.ts'))).toBe(true);
    expect(contractLoadsZod(join(root, 'contract/students.ts'))).toBe(true);
    expect(contractLoadsZod(join(root, 'contract/lesson-constants.ts'))).toBe(false);
    expect(contractLoadsZod(join(root, 'contract/field-rules.ts'))).toBe(false);
  });
});
