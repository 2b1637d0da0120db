import { HtnPlanner, type HtnDomain, type HtnPlanRequest, type HtnPlannerOptions } from '@dualplan/htn';
import { createState, PlanBuffer, validatePlan, type Snapshot, type WorldState } from '@dualplan/world-state';
import { dualplanCase, type BenchCase, type CaseSpec, type CheckResult } from '../BenchCase.js';
import { formatPlanNames } from '../format.js';

/** What an HTN case plans with: domain, start state and optional request. */
export interface HtnSetup {
  readonly domain: HtnDomain<any>;
  readonly state: WorldState<any>;
  readonly request?: HtnPlanRequest;
}

/** A setup planning from `start` (or the schema defaults) on `domain`. */
export function htnSetup(domain: HtnDomain<any>, start?: Snapshot): HtnSetup {
  return { domain, state: createState(domain.schema, start) };
}

export interface HtnCaseSpec extends CaseSpec {
  /** Built once in prepare. */
  readonly setup: () => HtnSetup;
  readonly options?: HtnPlannerOptions;
  /** Expected task names, or a predicate on the final state (after simulating the plan). */
  readonly expect: readonly string[] | ((final: WorldState<any>, names: readonly string[]) => string | null);
}

/** Plan once, simulate the plan with its conditions checked, compare with what is expected. */
export function htnCheck(planner: HtnPlanner, state: WorldState<any>, request: HtnPlanRequest | undefined, expect: HtnCaseSpec['expect']): CheckResult {
  const outcome = planner.plan(state, undefined, request);
  const plan = outcome.plan;
  if (outcome.status !== 'found' || !plan) return { valid: false, optimal: false, detail: `status ${outcome.status}: ${outcome.reason}` };
  const names = plan.steps.map((s) => s.task);
  const scratch = createState(state.schema);
  const verdict = validatePlan(plan.steps, 0, state, scratch);
  const shown = formatPlanNames(names, ' → ');
  const base = { planLength: names.length, cost: plan.cost, expanded: plan.stats.expanded };
  if (verdict.step >= 0) return { ...base, valid: false, optimal: false, detail: `step ${verdict.step} (${names[verdict.step]}) invalid: ${verdict.reason}` };
  const problem =
    typeof expect === 'function'
      ? expect(scratch, names)
      : names.length === expect.length && names.every((n, i) => n === expect[i])
        ? null
        : `expected ${expect.join(' → ')}, got ${shown}`;
  return { ...base, valid: problem === null, optimal: problem === null, detail: problem ?? shown };
}

/** A dualplan HTN case. */
export function htnCase(spec: HtnCaseSpec): BenchCase {
  return dualplanCase(spec, () => {
    const { domain, state, request } = spec.setup();
    const planner = new HtnPlanner(domain, spec.options);
    // The timed loop plans into one reused buffer (the 0-GC way); the check plans fresh.
    const buffered: HtnPlanRequest = { ...request, out: new PlanBuffer() };
    return { run: () => planner.plan(state, undefined, buffered), check: () => htnCheck(planner, state, request, spec.expect) };
  });
}
