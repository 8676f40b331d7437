import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Niceness of a pool thread (Linux): the lowest priority, so that when both want a core
 * the server's requests go first and pupils' files are read with what is left. Threads a
 * pool thread starts (tesseract.js's) inherit it.
 */
export const POOL_THREAD_NICENESS = 19;

/** Called first thing in a pool thread. */
export function lowerThisThreadPriority(): void {
  try {
    // /proc/thread-self is "<pid>/task/<tid>"; setpriority on a thread id sets that thread's.
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId > 0) setPriority(threadId, POOL_THREAD_NICENESS);
  } catch {
    // Not Linux, or not allowed: the thread runs at the server's priority.
  }
}
