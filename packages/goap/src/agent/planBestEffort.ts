import { applyEffects, ChangeSource, checkConditions, compileConditions, type PlanBuffer, type PlanResult, type WorldState } from '@dualplan/world-state';
import { compileGoal } from '../domain/compileGoal.js';
import type { CompiledGoal, GoalDef } from '../domain/GoapDomain.js';
import { writeFound } from '../diagnostics/writeGoapPlan.js';
import type { GoapMeta } from '../search/GoapResult.js';
import type { GoapSearch } from '../search/GoapSearch.js';

type MutableMeta = { -readonly [K in keyof GoapMeta]: GoapMeta[K] };

/** Per best-effort goal: its sub-goals by condition mask, compiled on first use. */
const subGoals = new WeakMap<CompiledGoal, Map<number, CompiledGoal>>();
/** Per condition count: every proper subset mask, heaviest first per weights (cached per goal). */
const orders = new WeakMap<CompiledGoal, Int32Array>();

/**
 * The fallback of a best-effort goal that has no plan: the cheapest plan to a state satisfying the most (weighted)
 * of its conditions, written into `out` marked `partial` with the `unmet` conditions; null when no subset is
 * reachable either (the empty subset always is, so null only when a budget stopped every try). Subsets are tried
 * heaviest first; at the first weight some subset reaches, every subset of that weight is tried and the cheapest
 * plan wins. With an admissible setting each search is optimal, so the fallback is too: no plan reaches more weight,
 * and none reaches as much for less. Allocates (sub-goals, reasons): it runs only when the whole goal failed.
 * @example
 * const partial = planBestEffort(search, goal, state, ctx, out, priority);
 * if (partial) console.log(partial.plan!.meta.unmet); // ['Wood >= 10']
 */
export function planBestEffort<Ctx>(
  search: GoapSearch,
  goal: CompiledGoal,
  state: WorldState<any>,
  ctx: Ctx,
  out: PlanBuffer,
  priority: number,
): PlanResult<GoapMeta> | null {
  const weights = goal.bestEffort!;
  const order = subsetOrder(goal, weights);
  let bestMask = -1;
  let bestCost = Infinity;
  let level = NaN;
  for (let i = 0; i < order.length; i++) {
    const mask = order[i];
    const w = weightOf(mask, weights);
    if (bestMask >= 0 && w < level) break;
    search.begin(state, subGoal(search, goal, mask), ctx);
    search.step(Infinity);
    const r = search.result;
    if (r.status !== 'found' || r.cost >= bestCost) continue;
    bestMask = mask;
    bestCost = r.cost;
    level = w;
  }
  if (bestMask < 0) return null;
  // Search the winner again, so the search's result (which writeFound reads) is its plan.
  search.begin(state, subGoal(search, goal, bestMask), ctx);
  search.step(Infinity);
  const unmet: string[] = [];
  const end = finalState(search, state, ctx);
  for (const def of goal.conditions.source) {
    const one = compileConditions(search.domain.schema, [def], `goal ${goal.name}`);
    if (!checkConditions(one, end)) unmet.push(one.describe(0));
  }
  const result = writeFound(search, out, priority, `goal ${goal.name} (partial: ${unmet.join(', ')} unmet)`);
  const meta = out.p.meta as MutableMeta;
  meta.goal = goal.name;
  meta.goalIndex = goal.index;
  meta.partial = true;
  meta.unmet = unmet;
  return result;
}

/** The state after the search's plan, applied to a copy of `state`. */
function finalState(search: GoapSearch, state: WorldState<any>, ctx: unknown): WorldState<any> {
  const end = state.clone();
  const r = search.result;
  for (let i = 0; i < r.length; i++) applyEffects(search.domain.steps[r.actions[i]].effects, end, ctx, ChangeSource.Planning);
  return end;
}

function weightOf(mask: number, weights: Float64Array): number {
  let w = 0;
  for (let c = 0; c < weights.length; c++) if (mask & (1 << c)) w += weights[c];
  return w;
}

/** Every proper subset of the goal's conditions, heaviest first (ties: more conditions, then the lower mask). */
function subsetOrder(goal: CompiledGoal, weights: Float64Array): Int32Array {
  let order = orders.get(goal);
  if (order === undefined) {
    const n = weights.length;
    const masks = Array.from({ length: (1 << n) - 1 }, (_, m) => m);
    const bits = (m: number) => m.toString(2).replace(/0/g, '').length;
    masks.sort((a, b) => weightOf(b, weights) - weightOf(a, weights) || bits(b) - bits(a) || a - b);
    orders.set(goal, (order = Int32Array.from(masks)));
  }
  return order;
}

/** The goal with only the conditions in `mask`, under the goal's name (compiled once per mask). */
function subGoal(search: GoapSearch, goal: CompiledGoal, mask: number): CompiledGoal {
  let byMask = subGoals.get(goal);
  if (byMask === undefined) subGoals.set(goal, (byMask = new Map()));
  let sub = byMask.get(mask);
  if (sub === undefined) {
    const source = goal.conditions.source;
    byMask.set(
      mask,
      (sub = compileGoal(search.domain, { name: goal.name, conditions: source.filter((_, c) => mask & (1 << c)) as GoalDef['conditions'] }, goal.index)),
    );
  }
  return sub;
}
