import type { Agent } from '@dualplan/runner';
import { Recorder } from './Recorder.js';
import type { RecorderOptions } from './RecorderOptions.js';

/**
 * Attach a {@link Recorder} to one agent or many, in one call. Every runner of
 * each agent is recorded, and each planner that can be observed (both dualplan
 * planners' adapters) reports its searches while recorded.
 * @example
 * const recorder = record(agents);
 * for (let t = 0; t < 300; t++) for (const a of agents) a.tick(0.1);
 * formatStatistics(recorder.agent('troll').stats); // includes the never-selected lists
 */
export function record(agents: Agent | readonly Agent[], options: RecorderOptions = {}): Recorder {
  const recorder = new Recorder(options);
  const list: readonly Agent[] = Array.isArray(agents) ? (agents as readonly Agent[]) : [agents as Agent];
  for (const agent of list) recorder.add(agent);
  return recorder;
}
