import type { TraceVerdict } from '@dualplan/world-state';
import type { AgentRecording } from './Recording.js';

/** One time a search discarded a candidate (or a task, or a goal). */
export interface Rejection {
  /** The planning run (its id) and the search within it. */
  readonly run: number;
  readonly search: number;
  readonly time: number;
  /** What the search was for: an HTN root task or a GOAP goal. */
  readonly target: string;
  /** `method`, `task` (HTN), `action` (GOAP) or `goal`. */
  readonly kind: 'method' | 'task' | 'action' | 'goal';
  /** Where it was considered: the compound (HTN method), the node label (GOAP), '' otherwise. */
  readonly at: string;
  readonly verdict: TraceVerdict | 'invalid' | 'satisfied' | 'noPlan';
  readonly detail: string;
}

/**
 * "Why is this agent not doing X?": every time the kept runs discarded the
 * action, method (by name or `Compound.method`), task or goal `name`, with the
 * verdict and failing condition, oldest first. An empty list for a name the
 * searches never reached: then no method or goal led there (see `neverSelected`).
 * GOAP `noEffect` verdicts are left out unless `noEffect` is true.
 * @example
 * whyNot(recorder.agent('troll'), 'Whirlwind').map((r) => `${r.time}s ${r.detail}`); // ['1.2s WsPowerUp == 3', ...]
 */
export function whyNot(agent: AgentRecording, name: string, noEffect = false): Rejection[] {
  const out: Rejection[] = [];
  for (const run of agent.runs) {
    const base = { run: run.id, time: run.time };
    for (const g of run.goals) {
      if (g.name !== name || g.chosen || (g.valid && !g.satisfied && g.plannable === null)) continue;
      const verdict = !g.valid ? 'invalid' : g.satisfied ? 'satisfied' : 'noPlan';
      out.push({
        ...base,
        search: -1,
        target: g.name,
        kind: 'goal',
        at: '',
        verdict,
        detail:
          verdict === 'noPlan'
            ? 'no plan found for it'
            : verdict === 'invalid'
              ? `goal is not valid${g.invalid ? `: ${g.invalid}` : ''}`
              : 'goal is already satisfied',
      });
    }
    run.searches.forEach((s, si) => {
      for (const c of s.candidates) {
        if (c.verdict === 'kept' || (c.verdict === 'noEffect' && !noEffect)) continue;
        const node = s.nodes[c.node];
        const qualified = node ? `${node.label}.${c.name}` : c.name;
        if (c.name !== name && qualified !== name) continue;
        const htn = s.planner === 'htn';
        out.push({ ...base, search: si, target: s.target, kind: htn ? 'method' : 'action', at: node?.label ?? '', verdict: c.verdict, detail: c.detail });
      }
      for (const n of s.nodes) {
        if (n.kind === 'search' || n.label !== name || n.verdict === 'kept') continue;
        const parent = s.nodes[n.parent];
        out.push({ ...base, search: si, target: s.target, kind: 'task', at: parent?.label ?? '', verdict: n.verdict, detail: n.detail });
      }
    });
  }
  return out;
}
