import type { MutablePlan, PlanBuffer, PlanResult } from '@dualplan/world-state';
import type { GoapMeta } from '../search/GoapResult.js';
import type { GoapSearch } from '../search/GoapSearch.js';

type MutableMeta = { -readonly [K in keyof GoapMeta]: GoapMeta[K] };

/** The buffer's plan, set up for GOAP metadata (once per buffer unless another planner wrote into it). */
function goapPlanIn(out: PlanBuffer): MutablePlan<MutableMeta> {
  const p = out.p as MutablePlan<MutableMeta>;
  if (p.planner !== 'goap') {
    p.planner = 'goap';
    p.meta = { goal: '', goalIndex: -1, priority: 0, mode: 'backward', weight: 1 };
  }
  return p;
}

/**
 * Write the last successful search into `out` as a plan, in place: no
 * allocation unless a dynamic cost or penalty changed a step's cost (that step is a frozen copy).
 */
export function writeFound(search: GoapSearch, out: PlanBuffer, priority: number, reason: string): PlanResult<GoapMeta> {
  const r = search.result;
  const p = goapPlanIn(out);
  const steps = p.steps;
  const domainSteps = search.domain.steps;
  if (steps.length !== r.length) steps.length = r.length;
  for (let i = 0; i < r.length; i++) {
    const a = r.actions[i];
    const step = domainSteps[a];
    const cost = search.costOf(a);
    steps[i] = cost === step.cost ? step : Object.freeze({ ...step, cost });
  }
  p.cost = r.cost;
  const meta = p.meta;
  const goal = r.goal!;
  meta.goal = goal.name;
  meta.goalIndex = goal.index;
  meta.priority = priority;
  meta.mode = search.mode;
  meta.weight = search.weight;
  // A best-effort fallback's marks stay only on the plan they were written for.
  if (meta.partial !== undefined) meta.partial = meta.unmet = undefined;
  writeStats(search, out);
  const o = out.r;
  o.status = 'found';
  o.plan = p;
  o.reason = reason;
  o.budget = null;
  return o as PlanResult<GoapMeta>;
}

/**
 * Write "no plan" into `out`. With `searched`, the stats and the status come from
 * the last search (`'budget'` with the budget that stopped it); otherwise `'none'`, no stats.
 */
export function writeNone(search: GoapSearch, out: PlanBuffer, searched: boolean, reason: string): PlanResult<GoapMeta> {
  const r = search.result;
  const o = out.r;
  if (out.p.steps.length !== 0) out.p.steps.length = 0;
  if (searched) writeStats(search, out);
  else {
    const stats = o.stats as { expanded: number; generated: number; backtracks: number };
    stats.expanded = stats.generated = stats.backtracks = 0;
  }
  const budget = searched && r.status === 'budget' && r.budget !== '' ? r.budget : null;
  o.status = budget !== null ? 'budget' : 'none';
  o.plan = null;
  o.reason = reason;
  o.budget = budget;
  return o as PlanResult<GoapMeta>;
}

function writeStats(search: GoapSearch, out: PlanBuffer): void {
  const r = search.result;
  const stats = out.p.stats as { expanded: number; generated: number; backtracks: number };
  stats.expanded = r.expanded;
  stats.generated = r.generated;
  stats.backtracks = r.reopened;
}
