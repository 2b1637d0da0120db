import type { AgentRecording } from '@dualplan/monitor';

/** When one plan step ran, from the runtime timeline. */
export interface StepTiming {
  readonly started: number | null;
  /** Agent time it succeeded, failed or was aborted (null while running or never started). */
  readonly ended: number | null;
  readonly outcome: 'pending' | 'running' | 'succeeded' | 'failed' | 'aborted';
  /** Why it failed or was aborted, '' otherwise. */
  readonly reason: string;
}

/**
 * Per step of planning run `runId`: when it started and ended, and how. Steps
 * the timeline has no event for (never reached, or dropped by retention) stay `pending`.
 * @example
 * stepTimings(agent, run.id, run.plan.steps.length).map((t) => t.outcome); // ['succeeded', 'running', 'pending']
 */
export function stepTimings(agent: AgentRecording, runId: number, steps: number): StepTiming[] {
  const out = Array.from({ length: steps }, (): { -readonly [K in keyof StepTiming]: StepTiming[K] } => ({
    started: null,
    ended: null,
    outcome: 'pending',
    reason: '',
  }));
  for (const e of agent.timeline) {
    if (!('run' in e) || e.run !== runId || !('index' in e) || e.index >= steps) continue;
    const t = out[e.index];
    if (e.type === 'stepStarted') {
      t.started = e.time;
      t.outcome = 'running';
    } else {
      t.ended = e.time;
      t.outcome = e.type === 'stepSucceeded' ? 'succeeded' : e.type === 'stepFailed' ? 'failed' : 'aborted';
      if (e.type === 'stepFailed' || e.type === 'stepAborted') t.reason = e.reason;
    }
  }
  return out;
}
