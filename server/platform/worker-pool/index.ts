/*
 * Long-lived worker threads for CPU-heavy work on pupils' files, so that a hostile or huge
 * file can stall or exhaust only its own thread: a per-task time limit, a per-thread heap
 * ceiling, a failed thread replaced, idle threads ended (decision 0023).
 */

export { answerOfOneShotThread, type OneShotThread } from './one-shot';
export {
  type TaskAnswer,
  WorkerCrashError,
  WorkerMemoryError,
  WorkerTaskError,
  WorkerTimeoutError,
} from './pool';
export {
  configureWorkerPool,
  defaultPoolSize,
  POOL_IDLE_MS,
  runTask,
  shutdownWorkerPool,
  workerPoolSize,
} from './shared-pool';
export { lowerThisThreadPriority, POOL_THREAD_NICENESS } from './thread-priority';
