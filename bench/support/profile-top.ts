/*
 * The top self-time entries of a V8 CPU profile (`node --cpu-prof`), and the same time
 * grouped by where the code lives (a package under node_modules, our own files, V8 and
 * Node's internals, garbage collection, idle), so a request path's cost can be read
 * without a browser's profiler:
 *   npx tsx bench/support/profile-top.ts <file.cpuprofile> [--top=25] [--from=seconds]
 * Shares are of the busy time; `--from` leaves out the first seconds (start-up).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

export type SelfTime = { name: string; where: string; ms: number; share: number };

/** Where a frame's code lives: a package's name, a file of ours, or V8's own label. */
export function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`.replace(/^\(\((.*)\)\)$/, '($1)');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /\/(server|bench|contract|dist)\/.*$/.exec(url);
  return ours ? ours[0].slice(1) : url;
}

/** Self time per function and per place, in milliseconds, largest first. */
export function selfTimes(
  profile: CpuProfile,
  fromSeconds = 0,
): { byFunction: SelfTime[]; byPlace: SelfTime[]; busyMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const msById = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    if (at < fromSeconds * 1000) return;
    msById.set(id, (msById.get(id) ?? 0) + delta);
  });
  const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
  // Shares are of the busy time: how long the thread was idle says nothing about a request.
  const total = [...msById].reduce((sum, [id, ms]) => (isIdle(id) ? sum : sum + ms), 0);
  const functions = new Map<string, SelfTime>();
  const places = new Map<string, SelfTime>();
  const add = (
    into: Map<string, SelfTime>,
    key: string,
    name: string,
    where: string,
    ms: number,
  ) => {
    const entry = into.get(key) ?? { name, where, ms: 0, share: 0 };
    entry.ms += ms;
    entry.share = entry.ms / total;
    into.set(key, entry);
  };
  for (const [id, ms] of msById) {
    if (isIdle(id)) continue;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = placeOf(url, functionName);
    const name = functionName || '(anonymous)';
    add(functions, `${name} ${url}:${lineNumber}`, name, `${where}:${lineNumber + 1}`, ms);
    add(places, where, where, where, ms);
  }
  const largestFirst = (map: Map<string, SelfTime>) =>
    [...map.values()].sort((a, b) => b.ms - a.ms);
  return { byFunction: largestFirst(functions), byPlace: largestFirst(places), busyMs: total };
}

function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [--top=25]');
  const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
  const from = Number(process.argv.find((a) => a.startsWith('--from='))?.slice(7) ?? 0);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const { byFunction, byPlace, busyMs } = selfTimes(profile, from);
  const row = (entry: SelfTime) =>
    `| ${(entry.share * 100).toFixed(1)} % | ${entry.ms.toFixed(0)} | ${entry.name} | ${entry.where} |`;
  const seconds = (profile.endTime - profile.startTime) / 1e6 - from;
  console.log(
    `${seconds.toFixed(1)} s profiled from ${from} s, busy ${(busyMs / 1000).toFixed(1)} s`,
  );
  console.log('\n| self | ms | function | where |\n|---|---|---|---|');
  for (const entry of byFunction.slice(0, top)) console.log(row(entry));
  console.log('\n| self | ms | place | |\n|---|---|---|---|');
  for (const entry of byPlace.slice(0, top)) console.log(row(entry));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
