import workerpool from 'workerpool';
import { describeValue } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';

/** Options of {@link createPlannerPool}. */
export interface PlannerPoolOptions {
  /** The worker script: a file path in Node, a URL in the browser. It calls `servePlanners`. */
  script: string;
  /** Workers to run (default: the cores less one, at least 1). */
  maxWorkers?: number;
  /** A request running longer than this (ms) counts as hung: its worker is replaced and the request fails. Default 5000; 0 = never. */
  timeoutMs?: number;
  /** Requests per message at most (default 256); the waiting requests are split evenly over the workers up to this. */
  maxBatch?: number;
  /**
   * States and answers through SharedArrayBuffers (`true`), or copied into a
   * transferred array per batch (`false`). Default `'auto'`: shared where it
   * is available (Node; a browser page that is `crossOriginIsolated`).
   */
  sharedMemory?: boolean | 'auto';
  /** A turn's requests waiting longer than this many turns of the event loop move up one urgency level (default 30). */
  agingTurns?: number;
  /** How long (ms) a worker that is told to stop may take before it is killed (default 250). */
  terminateTimeoutMs?: number;
  /**
   * Node only: `'thread'` (default, worker_threads) or `'process'` (child processes: a crashing native addon
   * cannot take the game down; states and answers are copied, as processes share no memory, so `sharedMemory`
   * is then `false`). The browser always uses Web Workers.
   */
  workerType?: 'auto' | 'thread' | 'process' | 'web';
}

/**
 * @internal Check a pool's options once, up front (each a `BAD_POOL_OPTION` naming the option), with their defaults.
 * @example
 * const { max, processes } = checkPoolOptions({ script: 'worker.js', workerType: 'process' });
 */
export function checkPoolOptions(options: PlannerPoolOptions) {
  if (!options || typeof options.script !== 'string' || options.script === '')
    throw new RunnerError('BAD_POOL_OPTION', 'script', 'A planner pool needs the path or URL of its worker script.');
  const timeout = options.timeoutMs ?? 5000;
  // typeof first throughout: comparing an object converts it, which can throw.
  if (typeof timeout !== 'number' || !(timeout >= 0))
    throw new RunnerError('BAD_POOL_OPTION', 'timeoutMs', `timeoutMs must be a number >= 0, got ${describeValue(timeout)}.`);
  const max = options.maxWorkers ?? Math.max(1, workerpool.cpus - 1);
  if (!Number.isInteger(max) || max < 1)
    throw new RunnerError('BAD_POOL_OPTION', 'maxWorkers', `maxWorkers must be an integer >= 1, got ${describeValue(max)}.`);
  const batch = options.maxBatch ?? 256;
  if (!Number.isInteger(batch) || batch < 1)
    throw new RunnerError('BAD_POOL_OPTION', 'maxBatch', `maxBatch must be an integer >= 1, got ${describeValue(batch)}.`);
  const aging = options.agingTurns ?? 30;
  if (typeof aging !== 'number' || !(aging > 0))
    throw new RunnerError('BAD_POOL_OPTION', 'agingTurns', `agingTurns must be a number > 0, got ${describeValue(aging)}.`);
  const kill = options.terminateTimeoutMs ?? 250;
  if (typeof kill !== 'number' || !(kill >= 0))
    throw new RunnerError('BAD_POOL_OPTION', 'terminateTimeoutMs', `terminateTimeoutMs must be a number >= 0, got ${describeValue(kill)}.`);
  const shared = options.sharedMemory ?? 'auto';
  if (shared !== 'auto' && typeof shared !== 'boolean')
    throw new RunnerError('BAD_POOL_OPTION', 'sharedMemory', `sharedMemory must be true, false or 'auto', got ${describeValue(shared)}.`);
  const type = options.workerType ?? (workerpool.platform === 'node' ? 'thread' : 'web');
  if (type !== 'auto' && type !== 'thread' && type !== 'process' && type !== 'web')
    throw new RunnerError('BAD_POOL_OPTION', 'workerType', `workerType must be 'auto', 'thread', 'process' or 'web', got ${describeValue(type)}.`);
  const processes = type === 'process';
  if (shared === true && processes)
    throw new RunnerError(
      'BAD_POOL_OPTION',
      'sharedMemory',
      "sharedMemory: true cannot go with workerType: 'process': child processes share no memory with the game (leave sharedMemory 'auto' or false).",
    );
  const canShare = !processes && sharedMemoryAvailable();
  if (shared === true && !canShare)
    throw new RunnerError(
      'BAD_POOL_OPTION',
      'sharedMemory',
      'sharedMemory: true needs SharedArrayBuffer: in a browser, a page served crossOriginIsolated (COOP and COEP headers).',
    );
  return { timeout, max, batch, aging, kill, shared, canShare, type, processes };
}

/** SharedArrayBuffer exists and may be posted: always in Node, in a browser only when the page is cross-origin isolated. */
function sharedMemoryAvailable(): boolean {
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object') return false;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return workerpool.platform === 'node' || isolated === true;
}
