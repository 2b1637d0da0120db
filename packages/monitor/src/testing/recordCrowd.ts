import type { Agent } from '@dualplan/runner';
import { record } from '../record.js';
import { run } from './agents.js';

/** What {@link recordCrowd} recorded: the recording (less its start time), the updates a subscriber got, and the start time's type. */
export interface RecordedCrowd {
  readonly recording: object;
  readonly updates: unknown[];
  readonly started: string;
}

/**
 * Record `agents` for `ticks` ticks in three flushed parts, with a subscriber when `subscribed`: the searches-by-state
 * property tests record one crowd this way twice (every search traced, and searches reused) and compare.
 * @example
 * const a = recordCrowd(crowd(seed, true), 60, false);
 * const b = recordCrowd(crowd(seed, false), 60, false);
 * expect(b).toEqual(a);
 */
export function recordCrowd(agents: readonly Agent[], ticks: number, subscribed: boolean): RecordedCrowd {
  const recorder = record(agents, { runsPerAgent: 30, eventsPerAgent: 100, maxSearchItems: 60, flushMs: 0 });
  const updates: unknown[] = [];
  if (subscribed) recorder.subscribe((m) => updates.push(m.type === 'snapshot' ? m.type : m));
  for (let i = 0; i < 3; i++) {
    run(agents, Math.ceil(ticks / 3));
    recorder.flush();
  }
  const { started, ...recording } = recorder.recording();
  return { recording, updates, started: typeof started };
}
