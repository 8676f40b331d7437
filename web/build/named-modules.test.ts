import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

/*
 * The build names some modules by their path: the chunk groups in vite.config.ts (what
 * loads with every teacher page) and the modules each prerendered page's route loads. A
 * module renamed or moved would leave its name pointing at nothing, and the build would go
 * on without a word (a group emptier, a page prerendered without its code's preloads).
 */
describe('modules the build names by path', () => {
  it('all exist', () => {
    const grouped = [...read('vite.config.ts').matchAll(/'((?:web|contract)\/[\w/-]+)'/g)].map(
      ([, path]) => path!,
    );
    const prerendered = [
      ...read('web/build/prerender.ts').matchAll(
        /'((?:app|features|components|lib)\/[\w/.-]+\.tsx?)'/g,
      ),
    ].map(([, path]) => `web/${path}`);
    expect(grouped.length).toBeGreaterThan(5);
    expect(prerendered.length).toBeGreaterThan(5);
    const missing = [
      ...grouped.filter(
        (path) => !['.ts', '.tsx'].some((ext) => existsSync(`${root}${path}${ext}`)),
      ),
      ...prerendered.filter((path) => !existsSync(`${root}${path}`)),
    ];
    expect(missing).toEqual([]);
  });
});
