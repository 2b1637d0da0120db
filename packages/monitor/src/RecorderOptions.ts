import { showValue, type UserCodeError } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import type { RecordingMessage } from './Recording.js';

/** Options of {@link record}. Retention bounds memory: old runs and events are dropped, statistics keep counting. */
export interface RecorderOptions {
  /** Planning runs kept per agent (default 100). */
  runsPerAgent?: number;
  /** Timeline events kept per agent (default 1000). */
  eventsPerAgent?: number;
  /** Record each run's full searches (the planners trace while recorded). Default true; false records results only. */
  searches?: boolean;
  /** Nodes + candidates + events kept per search; a larger search is cut (the run is marked `truncated`). Default 2000. */
  maxSearchItems?: number;
  /** Plan-time samples kept per agent for percentiles (default 1024). */
  planSamples?: number;
  /** Milliseconds between updates to subscribers (default 100); 0: only on {@link Recorder.flush}. */
  flushMs?: number;
  /**
   * Told of each subscriber that threw (a `LISTENER_THREW` error naming the message type, what it threw as
   * `cause`); the other subscribers get the message regardless. Default: logged with `console.error`, once per subscriber.
   */
  onFault?: (error: UserCodeError) => void;
}

/** Receives recording messages: a snapshot first, then updates. */
export type RecordingListener = (message: RecordingMessage) => void;

/** @internal A retention or timing option read: its `fallback` when not given, else an integer of at least `min` (a typed error naming the option otherwise). */
export function recorderLimit(value: number | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw new MonitorError('BAD_OPTION', name, `Recorder option ${name} must be an integer >= ${min}, got ${showValue(value)}.`);
  return value;
}
