import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** The kernel's clock ticks per second, in which /proc reports CPU time (100 on Linux). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

export type CpuTicks = { at: number; mainThreadMs: number; processMs: number };

/** User plus system time from a /proc stat line (fields 14 and 15), in milliseconds. */
export function statCpuMs(statLine: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count after it.
  const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time used so far by a process and by its main thread (whose thread id is the pid):
 * the server's JavaScript, HTTP and logging run there; the database thread, the file
 * threads and the compiler threads are the rest of the process.
 */
export function cpuTicks(pid: number): CpuTicks {
  return {
    at: performance.now(),
    mainThreadMs: statCpuMs(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
    processMs: statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8')),
  };
}

/** The share of one core the main thread (or the whole process) used between two readings. */
export function cpuShare(
  before: CpuTicks,
  after: CpuTicks,
  of: 'mainThreadMs' | 'processMs' = 'mainThreadMs',
): number {
  const wallMs = after.at - before.at;
  return wallMs > 0 ? (after[of] - before[of]) / wallMs : 0;
}
