import type { AgentRecording, GoalConsidered, PlanningRun, SearchTrace, TraceVerdict } from '@dualplan/monitor';

/** One time a candidate was not used, and why. */
export interface Rejection {
  readonly run: number;
  readonly tick: number;
  readonly time: number;
  /** The search's root task or goal. */
  readonly target: string;
  /** Where it was rejected: the HTN compound or the GOAP node's open conditions; the goal list for goals. */
  readonly at: string;
  /** A trace verdict, or for goals `invalid`, `satisfied`, `noPlan` or `outranked`. */
  readonly verdict: TraceVerdict | 'invalid' | 'satisfied' | 'noPlan' | 'outranked';
  readonly detail: string;
}

/**
 * Every time `name` (an action, a primitive task, a method as `Compound.Method`
 * or bare, or a goal) was looked at and not used in the runs kept by the
 * recording, oldest first: the "why is this NPC not doing that?" answer.
 * @example
 * whyNot(soldier, 'shoot')[0]; // { run: 3, verdict: 'conditionFailed', detail: 'enemylinedup == true', ... }
 */
export function whyNot(agent: AgentRecording, name: string): Rejection[] {
  const out: Rejection[] = [];
  for (const run of agent.runs) {
    for (const search of run.searches) collectCandidates(run, search, name, out);
    for (const goal of run.goals) if (goal.name === name && !goal.chosen) out.push(goalRejection(run, goal));
  }
  return out;
}

function collectCandidates(run: PlanningRun, search: SearchTrace, name: string, out: Rejection[]): void {
  for (const c of search.candidates) {
    if (c.verdict === 'kept') continue;
    const node = search.nodes[c.node];
    const at = node?.label ?? '';
    const qualified = node?.kind === 'compound' ? `${at}.${c.name}` : c.name;
    if (c.name !== name && qualified !== name) continue;
    out.push({ run: run.id, tick: run.tick, time: run.time, target: search.target, at, verdict: c.verdict, detail: c.detail });
  }
}

function goalRejection(run: PlanningRun, goal: GoalConsidered): Rejection {
  const base = { run: run.id, tick: run.tick, time: run.time, target: goal.name, at: 'goal selection' };
  if (!goal.valid) return { ...base, verdict: 'invalid', detail: 'not valid in this state' };
  if (goal.satisfied) return { ...base, verdict: 'satisfied', detail: 'already true in this state' };
  if (goal.plannable === false) return { ...base, verdict: 'noPlan', detail: run.searches.find((s) => s.target === goal.name)?.whyNoPlan || 'no plan reaches it' };
  const chosen = run.goals.find((g) => g.chosen);
  return { ...base, verdict: 'outranked', detail: chosen ? `${chosen.name} (priority ${chosen.priority}) was chosen first` : 'not searched' };
}
