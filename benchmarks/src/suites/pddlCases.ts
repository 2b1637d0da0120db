import { GoapPlanner, type GoapPlannerOptions } from '@dualplan/goap';
import { importPddl, solveExhaustive, type PddlImport } from '@dualplan/pddl';
import { DualplanError, createState, validatePlan } from '@dualplan/world-state';
import { dualplanCase, type BenchCase, type CheckResult, type Target } from '../BenchCase.js';
import { formatPlanNames } from '../format.js';

/** A generated PDDL problem of a bundled domain. */
export interface PddlInstance {
  /** `blocks 6`, `gripper 10`, ... */
  readonly label: string;
  readonly domain: string;
  readonly problem: () => string;
  /**
   * The optimum by other means when the state space is too big for the exhaustive check: a formula (gripper's
   * 3n − 1) or the exhaustive optimum of a smaller twin with the same optimal plans (a dungeon without its junk).
   */
  readonly knownOptimum?: () => number | null;
  /** `false`: one bool per atom instead of mutex groups as merged-bool keys (to measure what the groups buy). */
  readonly mutexGroups?: boolean;
}

/** The searches compared on every instance. */
export type PddlSearch = 'optimal: true' | 'optimal backward' | 'optimal forward' | 'LM-cut backward' | 'blind forward' | 'blind backward';

/**
 * Planner options per search: `optimal backward` and `optimal forward` are the `optimal: true` preset (the
 * `'admissible'` heuristic: forward the goal's exact pattern database when it fits, else h_max then LM-cut);
 * `optimal: true` is the preset as users write it, the planner choosing the direction.
 */
export function searchOptions(search: PddlSearch, budget: { maxExpansions: number; timeBudgetMs: number }): GoapPlannerOptions {
  const common = { ...budget, maxNodes: 1 << 22, maxPlanLength: 256 };
  if (search === 'blind forward') return { ...common, mode: 'forward', weight: 0 };
  if (search === 'blind backward') return { ...common, mode: 'backward', weight: 0 };
  if (search === 'LM-cut backward') return { ...common, mode: 'backward', heuristic: 'lmcut' };
  if (search === 'optimal: true') return { ...common, optimal: true };
  return { ...common, mode: search === 'optimal forward' ? 'forward' : 'backward', optimal: true };
}

/** States the exhaustive optimum check may store before the case falls back to a known optimum (or none). */
const EXHAUSTIVE_STATES = 300_000;

const memo = <T>(f: () => T): (() => T) => {
  let value: { v: T } | null = null;
  return () => (value ??= { v: f() }).v;
};

/** Import and optimum shared by the cases of one instance. */
function instanceData(instance: PddlInstance): { imported: () => PddlImport; optimum: () => number | null } {
  const imported = memo(() => importPddl(instance.domain, instance.problem(), { mutexGroups: instance.mutexGroups ?? true }));
  const optimum = memo(() => {
    try {
      return solveExhaustive(imported().task, { maxStates: EXHAUSTIVE_STATES })?.cost ?? null;
    } catch (e) {
      if (e instanceof DualplanError && e.code === 'BUDGET') return instance.knownOptimum?.() ?? null;
      throw e;
    }
  });
  return { imported, optimum };
}

/**
 * The cases of one instance: each search plans once for the check (the plan is
 * replayed on the world state and its cost compared with the exhaustive
 * optimum), then is timed. A search that stops at its budget is reported as
 * `budget`, with the expansions it made, so expansions/s is still measured.
 */
export function pddlCases(
  suite: string,
  instance: PddlInstance,
  searches: readonly PddlSearch[],
  budget: { maxExpansions: number; timeBudgetMs: number },
  extra: { heavy?: boolean; target?: Target; allocOps?: number } = {},
): BenchCase[] {
  const data = instanceData(instance);
  return searches.map((search) => ({
    ...dualplanCase({ suite, name: `${instance.label} ${search}`, target: extra.target, allocOps: extra.allocOps }, () => {
      const imp = data.imported();
      const planner = new GoapPlanner(imp.goap, searchOptions(search, budget));
      const state = createState(imp.schema);
      return { run: () => planner.search(state, imp.goalName), check: () => checkPddl(planner, imp, data.optimum()) };
    }),
    heavy: extra.heavy,
  }));
}

function checkPddl(planner: GoapPlanner, imp: PddlImport, optimum: number | null): CheckResult {
  const state = createState(imp.schema);
  const r = planner.search(state, imp.goalName);
  const size = `${imp.task.atoms.length} atoms → ${imp.schema.size} cells, ${imp.actions.length} actions, ${planner.mode}`;
  if (r.status === 'budget')
    return {
      valid: false,
      optimal: false,
      budget: r.budget,
      expanded: r.expanded,
      detail: `stopped by the ${r.budget} budget after ${r.expanded} expansions (${size}${optimum === null ? '' : `; optimum ${optimum}`})`,
    };
  if (r.status !== 'found') return { valid: false, optimal: false, expanded: r.expanded, detail: `status ${r.status}` };
  const plan = planner.toPlan();
  const scratch = createState(imp.schema);
  const verdict = validatePlan(plan.steps, 0, state, scratch);
  const reached = verdict.step < 0 && planner.satisfied(scratch, imp.goalName);
  const shown = formatPlanNames(
    plan.steps.map((s) => s.task),
    ' ',
  );
  const optimal = optimum === null || r.cost === optimum;
  const against = optimum === null ? 'optimum not cross-checked: too many states' : r.cost === optimum ? 'optimal' : `optimum ${optimum}`;
  return {
    valid: reached,
    optimal,
    detail: reached ? `${shown} (cost ${r.cost}, ${against}; ${size})` : `invalid plan ${shown}: ${verdict.reason || 'goal not reached'}`,
    planLength: r.length,
    cost: r.cost,
    expanded: r.expanded,
  };
}
