import { Planner, type Domain, type PlanRequest, type PlannerOptions } from '@dualplan/htn';
import { createState, validatePlan, type WorldState } from '@dualplan/world-state';
import type { BenchCase, CheckResult, CurvePoint, Target } from '../BenchCase.js';

export interface HtnCaseSpec {
  readonly suite: string;
  readonly name: string;
  readonly scenario?: string;
  readonly curve?: CurvePoint;
  readonly target?: Target;
  readonly allocOps?: number;
  /** Domain, start state and optional request, built once in prepare. */
  readonly setup: () => { domain: Domain<any>; state: WorldState<any>; request?: PlanRequest };
  readonly options?: PlannerOptions;
  /** Expected task names, or a predicate on the final state (after simulating the plan). */
  readonly expect: readonly string[] | ((final: WorldState<any>, names: readonly string[]) => string | null);
}

/** Plan once, simulate the plan with its conditions checked, compare with what is expected. */
export function htnCheck(planner: Planner, state: WorldState<any>, request: PlanRequest | undefined, expect: HtnCaseSpec['expect']): CheckResult {
  const outcome = planner.plan(state, undefined, request);
  const plan = outcome.plan;
  if (outcome.status !== 'found' || !plan) return { valid: false, optimal: false, detail: `status ${outcome.status}: ${outcome.reason}` };
  const names = plan.steps.map((s) => s.task);
  const scratch = createState(state.schema);
  const verdict = validatePlan(plan.steps, 0, state, scratch);
  const shown = names.length > 8 ? `${names.slice(0, 5).join(' → ')} → … (${names.length} steps)` : names.join(' → ');
  const base = { planLength: names.length, cost: plan.cost, expanded: plan.stats.expanded };
  if (verdict.step >= 0) return { ...base, valid: false, optimal: false, detail: `step ${verdict.step} (${names[verdict.step]}) invalid: ${verdict.reason}` };
  const problem = typeof expect === 'function' ? expect(scratch, names) : names.length === expect.length && names.every((n, i) => n === expect[i]) ? null : `expected ${expect.join(' → ')}, got ${shown}`;
  return { ...base, valid: problem === null, optimal: problem === null, detail: problem ?? shown };
}

/** A dualplan HTN case. */
export function htnCase(spec: HtnCaseSpec): BenchCase {
  return {
    suite: spec.suite,
    name: spec.name,
    impl: 'dualplan',
    scenario: spec.scenario,
    curve: spec.curve,
    target: spec.target,
    allocOps: spec.allocOps,
    prepare() {
      const { domain, state, request } = spec.setup();
      const planner = new Planner(domain, spec.options);
      return { run: () => planner.plan(state, undefined, request), check: () => htnCheck(planner, state, request, spec.expect) };
    },
  };
}
