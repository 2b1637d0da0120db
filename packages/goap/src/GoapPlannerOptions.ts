import { describeValue, didYouMean, type Availability, type PlanBuffer } from '@dualplan/world-state';
import type { CompiledGoal } from './domain/GoapDomain.js';
import { GoapDefinitionError } from './errors.js';
import type { GoapHeuristic } from './heuristics/GoapHeuristic.js';
import { HEURISTICS, type GoapHeuristicName } from './heuristics/registry.js';

/** Options of a {@link GoapPlanner}: heuristic, budgets, search direction and tracing. */
export interface GoapPlannerOptions {
  /**
   * Guarantee optimal plans: picks the `'admissible'` heuristic at weight 1 (A*)
   * and, unless `mode` is given, the direction: forward when every domain goal's
   * exact pattern database fits or the goal constrains at least a third of the keys
   * (LM-cut where no table fits); else backward with h_max, then LM-cut once a
   * search passes 64 nodes. Only an admissible `heuristic`
   * (`'max'`, `'lmcut'`, `'admissible'`) and `weight` <= 1 may be given with it.
   */
  optimal?: boolean;
  /**
   * A good plan now: the `'ff'` heuristic (relaxed plans) in weighted A* at weight 3
   * (see docs/goap.md). Plans are valid, not always the cheapest. Options given alongside win.
   */
  fast?: boolean;
  /** Weight w of the heuristic: f = g + w × h. 0 = Dijkstra; large = greedy. Default 1. */
  weight?: number;
  /** Greedy best-first search: order by h alone (f = h), ignoring the cost so far. Fast, plans not optimal. */
  greedy?: boolean;
  /**
   * - `'adaptive'` (default): the count (below) while the search is small; a
   *   search that has stored 1,024 nodes starts over with `'additive'`, which tells apart what the count ties on
   *   (goals made of many conditions at mixed costs). Not admissible.
   * - `'count'` (the default when only `weight` is given): conditions the start
   *   state does not satisfy (forward: goal conditions the node's state does not
   *   satisfy). Admissible with `weight` <= `admissibleWeight(domain)`.
   * - `'max'`: h_max, the costliest condition's relaxed (delete-free) cost,
   *   combined with the admissible count: admissible, so optimal plans at weight 1.
   * - `'lmcut'`: LM-cut, a sum of disjoint action landmarks found in the
   *   relaxation: admissible and far stronger than h_max (exact on chains), at a
   *   higher cost per node.
   * - `'admissible'`: what `optimal: true` picks. Forward, the goal's exact
   *   pattern database when the keys its relevant actions read span at most 2^20
   *   states; otherwise LM-cut (backward, after 64 h_max estimates).
   * - `'additive'`: h_add, the sum of the conditions' relaxed costs: far better
   *   informed than the count, not admissible.
   * - `'ff'`: the cost of a relaxed plan (FF): usually the best informed, not admissible.
   * Backward, the relaxation is computed once per search from the start state;
   * forward, once per node from its state (costlier per node). Or a custom function.
   */
  heuristic?: GoapHeuristicName | GoapHeuristic;
  /** Budget: node expansions per search (default 10 000). */
  maxExpansions?: number;
  /** Budget: actions per plan (default 256). */
  maxPlanLength?: number;
  /** Budget: search time in ms, summed over slices (default: none). */
  timeBudgetMs?: number;
  /** Budget: stored nodes (default 1 << 20). */
  maxNodes?: number;
  /**
   * `'backward'` regression A* or `'forward'` A* over full states. Default: with
   * the `'admissible'` heuristic (`optimal: true`), forward when every domain
   * goal's pattern database fits, constrains a third of the keys or has three
   * conditions over bool and enum keys only, else backward (docs/goap.md); with
   * any other heuristic, backward. `planner.mode` says which was chosen.
   */
  mode?: 'backward' | 'forward';
  /**
   * Build per-goal tables when the planner is built rather than in the
   * searches of each goal (a table of more than 1,024 states in the second):
   * forward with `'admissible'`, every domain goal's pattern database. Default false.
   */
  precompute?: boolean;
  /**
   * Let searches run on the small-domain fast path where it applies (default true; see docs/goap.md, "The
   * small-domain fast path"). Plans are the same either way; false forces the general path, for comparisons.
   */
  fastPath?: boolean;
  /** Record a {@link GoapTrace}. Off by default, and then costs nothing. */
  trace?: boolean;
  /** Added to an action's cost multiplier per runtime failure (default 1: the first failure doubles it). */
  failurePenalty?: number;
  /** Half-life in seconds of the extra multiplier (default 10). */
  penaltyHalfLife?: number;
}

/** What {@link GoapPlanner.plan} is asked for. */
export interface GoapPlanRequest {
  /**
   * The goal to plan for (a domain goal's name or a compiled goal). Default: goal
   * selection: the highest-priority goal that is valid, unsatisfied and plannable.
   */
  readonly goal?: string | CompiledGoal;
  /** Write the result into this buffer instead of returning a fresh one (allocation-free loops). */
  readonly out?: PlanBuffer;
  /** What the agent may not choose now (cooldowns, once); the runner's adapter passes it. Default: everything is available. */
  readonly availability?: Availability;
}

const NAMES: readonly string[] = HEURISTICS.map((h) => h.name);
const ADMISSIBLE: readonly string[] = HEURISTICS.filter((h) => h.admissible).map((h) => h.name);

/** Reject nonsensical options with a typed error naming the option. @internal */
export function checkOptions(o: GoapPlannerOptions): GoapPlannerOptions {
  const bad = (name: string, expected: string): never => {
    throw new GoapDefinitionError(
      'BAD_OPTION',
      name,
      `GoapPlanner option ${name} = ${describeValue((o as Record<string, unknown>)[name])}: expected ${expected}.`,
    );
  };
  const num = (name: keyof GoapPlannerOptions, ok: (v: number) => boolean, expected: string) => {
    const v = o[name];
    if (v !== undefined && (typeof v !== 'number' || !ok(v))) bad(name, expected);
  };
  num('weight', (v) => v >= 0 && Number.isFinite(v), 'a finite number >= 0');
  num('maxExpansions', (v) => v === Infinity || (Number.isInteger(v) && v >= 0), 'a whole number >= 0 or Infinity');
  num('maxPlanLength', (v) => Number.isInteger(v) && v >= 0 && v <= 1 << 20, 'an integer in [0, 2^20]');
  num('timeBudgetMs', (v) => v >= 0, 'a number >= 0');
  num('maxNodes', (v) => Number.isInteger(v) && v >= 2 && v <= 1 << 26, 'an integer in [2, 2^26]');
  num('failurePenalty', (v) => v >= 0 && Number.isFinite(v), 'a finite number >= 0');
  num('penaltyHalfLife', (v) => v > 0, 'a number > 0');
  if (o.mode !== undefined && o.mode !== 'backward' && o.mode !== 'forward') bad('mode', "'backward' or 'forward'");
  if (o.heuristic !== undefined && !NAMES.includes(o.heuristic as string) && typeof o.heuristic !== 'function')
    bad(
      'heuristic',
      `${NAMES.map((h) => `'${h}'`).join(', ')} or a function${typeof o.heuristic === 'string' ? `.${didYouMean(o.heuristic, NAMES)}`.replace(/\.$/, '') : ''}`,
    );
  for (const name of ['optimal', 'fast', 'greedy', 'precompute', 'fastPath'] as const)
    if (o[name] !== undefined && typeof o[name] !== 'boolean') bad(name, 'true or false');
  if (o.optimal && o.fast) bad('fast', 'not together with optimal: true');
  if (o.optimal && o.greedy) bad('greedy', 'not together with optimal: true (greedy search is not optimal)');
  if (o.optimal && o.heuristic !== undefined && !ADMISSIBLE.includes(o.heuristic as string))
    bad('heuristic', `${ADMISSIBLE.map((h) => `'${h}'`).join(', ')} (an admissible heuristic) with optimal: true`);
  if (o.optimal && o.weight !== undefined && o.weight > 1) bad('weight', 'at most 1 with optimal: true');
  return o;
}
