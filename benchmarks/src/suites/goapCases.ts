import { GoapPlanner, LazyGoapPlanner, type GoapDomain, type GoapPlannerOptions } from '@dualplan/goap';
import { createState, validatePlan, type Snapshot } from '@dualplan/world-state';
import { dualplanCase, type BenchCase, type CaseSpec, type CheckResult, type CurvePoint, type Target } from '../BenchCase.js';
import type { BoolProblem } from '../boolProblems.js';
import { judgeBoolPlan } from '../boolProblems.js';
import { formatPlanNames } from '../format.js';
import { goapPeerPlanner } from '../peers/goapPeer.js';
import { htnAiGoapPlanner } from '../peers/htnAiGoap.js';
import { mahlerBoolPlanner } from '../peers/mahlerPeer.js';

export interface GoapCaseSpec extends CaseSpec {
  readonly domain: () => GoapDomain;
  readonly start?: Snapshot;
  readonly goal: string;
  readonly options?: GoapPlannerOptions;
  /** Expected optimal cost; or a function computing it (e.g. {@link dijkstraCost}). */
  readonly optimalCost: number | ((domain: GoapDomain, start: Snapshot | undefined) => number);
  /**
   * `'general'`: the small-domain fast path forced off; `'fast'`: the search must run on it, and its plan must be
   * the general path's (checked before timing). Default: whichever applies.
   */
  readonly path?: 'fast' | 'general';
}

/** Optimal cost by Dijkstra (w = 0) in forward mode: an independent cross-check of the backward search. */
export function dijkstraCost(domain: GoapDomain, start: Snapshot | undefined, goal: string): number {
  const r = new GoapPlanner(domain, { mode: 'forward', weight: 0, maxExpansions: 1e6, maxPlanLength: 512 }).search(createState(domain.schema, start), goal);
  if (r.status !== 'found') throw new Error(`cross-check found no plan (${r.status})`);
  return r.cost;
}

/** Plan once with a dualplan GOAP planner; the plan is validated on the world state. */
export function goapCheck(planner: GoapPlanner, domain: GoapDomain, start: Snapshot | undefined, goal: string, optimalCost: number): CheckResult {
  const state = createState(domain.schema, start);
  const r = planner.search(state, goal);
  if (r.status !== 'found') return { valid: false, optimal: false, detail: `status ${r.status} ${r.budget}`, expanded: r.expanded };
  const plan = planner.toPlan();
  const scratch = createState(domain.schema);
  const verdict = validatePlan(plan.steps, 0, state, scratch);
  const reached = verdict.step < 0 && planner.satisfied(scratch, goal);
  const shown = formatPlanNames(plan.steps.map((s) => s.task));
  return {
    valid: reached,
    optimal: r.cost === optimalCost,
    detail: reached
      ? `${shown} (cost ${r.cost}${r.cost === optimalCost ? '' : `, optimum ${optimalCost}`})`
      : `invalid plan ${shown}: ${verdict.reason || 'goal not reached'}`,
    planLength: r.length,
    cost: r.cost,
    expanded: r.expanded,
  };
}

/** A dualplan GOAP case. */
export function goapCase(spec: GoapCaseSpec): BenchCase {
  return dualplanCase(spec, () => {
    const domain = spec.domain();
    const planner = new GoapPlanner(domain, spec.path === 'general' ? { ...spec.options, fastPath: false } : spec.options);
    const state = createState(domain.schema, spec.start);
    const optimal = typeof spec.optimalCost === 'number' ? spec.optimalCost : spec.optimalCost(domain, spec.start);
    const check = () => goapCheck(planner, domain, spec.start, spec.goal, optimal);
    return { run: () => planner.search(state, spec.goal), check: spec.path === 'fast' ? () => samePlans(planner, check(), domain, spec) : check };
  });
}

/** A fast-path case's check: it ran on the fast path, and the general path (forced off) plans the same actions at the same cost. */
function samePlans(planner: GoapPlanner, fast: CheckResult, domain: GoapDomain, spec: GoapCaseSpec): CheckResult {
  const names = (p: GoapPlanner) => Array.from(p.result.actions.subarray(0, p.result.length), (a) => domain.actionNames[a]).join(',');
  if (!planner.result.fastPath) return { ...fast, valid: false, detail: `not on the fast path: ${fast.detail}` };
  const shown = names(planner);
  const general = new GoapPlanner(domain, { ...spec.options, fastPath: false });
  const r = general.search(createState(domain.schema, spec.start), spec.goal);
  if (r.status !== 'found' || r.cost !== fast.cost || names(general) !== shown)
    return { ...fast, valid: false, detail: `the general path planned ${names(general)} (cost ${r.cost}), the fast path ${shown}` };
  return fast;
}

/** A case of lazy greedy search with preferred operators (`LazyGoapPlanner`); the plan is validated on the world state. */
export function lazyGoapCase(spec: Omit<GoapCaseSpec, 'options' | 'path'>): BenchCase {
  return dualplanCase(spec, () => {
    const domain = spec.domain();
    const planner = new LazyGoapPlanner(domain);
    const state = createState(domain.schema, spec.start);
    const optimal = typeof spec.optimalCost === 'number' ? spec.optimalCost : spec.optimalCost(domain, spec.start);
    return {
      run: () => planner.search(state, spec.goal),
      check: (): CheckResult => {
        const r = planner.search(state, spec.goal);
        if (r.plan === null) return { valid: false, optimal: false, detail: `status ${r.status}`, expanded: r.expanded };
        const end = createState(domain.schema);
        const reached = validatePlan(r.plan.steps, 0, state, end).step < 0 && new GoapPlanner(domain).satisfied(end, spec.goal);
        const detail = `${r.plan.steps.length} steps (cost ${r.cost}${r.cost === optimal ? '' : `, optimum ${optimal}`})`;
        return { valid: reached, optimal: r.cost === optimal, detail, planLength: r.plan.steps.length, cost: r.cost, expanded: r.expanded };
      },
    };
  });
}

type PeerName = 'goap' | 'htn-ai' | 'mahler';
const PEERS: Record<PeerName, (p: BoolProblem) => () => string[] | null> = {
  goap: goapPeerPlanner,
  'htn-ai': htnAiGoapPlanner,
  mahler: mahlerBoolPlanner,
};

/** The same bool problem for each peer, validated by simulation. */
export function peerGoapCases(
  suite: string,
  name: string,
  problem: () => BoolProblem,
  extra: { scenario?: string; curve?: CurvePoint; timeoutMs?: number; heavy?: boolean; targets?: Partial<Record<PeerName, Target>> } = {},
): BenchCase[] {
  return (Object.keys(PEERS) as PeerName[]).map((peer) => ({
    suite,
    name,
    impl: peer,
    scenario: extra.scenario,
    curve: extra.curve,
    timeoutMs: extra.timeoutMs,
    heavy: extra.heavy,
    target: extra.targets?.[peer],
    prepare() {
      const p = problem();
      const plan = PEERS[peer](p);
      return { run: plan, check: () => judgeBoolPlan(p, plan()) };
    },
  }));
}
