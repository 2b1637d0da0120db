import { compileConditions, type Decorators, type PlanStep, type StepScope } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';

/** Each checked step's unchecked step and the method whose check it carries, for {@link checksOf}. */
const origins = new WeakMap<PlanStep, { readonly base: PlanStep; readonly method: number }>();

/**
 * @internal The methods whose run-time checks `step` carries, innermost first, and the step without them
 * (what a plan codec sends: the receiving side rebuilds the checked step with {@link CheckedSteps.under}).
 * @example
 * const { base, methods } = checksOf(plan.steps[0]); // methods: [] for an unchecked step
 */
export function checksOf(step: PlanStep): { base: PlanStep; methods: number[] } {
  const methods: number[] = [];
  for (let o = origins.get(step); o !== undefined; o = origins.get(o.base)) {
    methods.push(o.method);
    step = o.base;
  }
  return { base: step, methods };
}

/**
 * @internal The steps planned under methods with `check: 'step' | 'tick'`: the step with that
 * method's conditions added to its `conditions` ('step': checked at plan time and before the step
 * starts) or to its `executing` conditions ('tick': checked every tick while it runs). Built once
 * per (step, method) and reused, so steady-state planning does not allocate.
 */
export class CheckedSteps {
  private readonly domain: HtnDomain;
  // Weak: a delegate may return new step objects each plan.
  private readonly cache = new WeakMap<PlanStep, Map<number, PlanStep>>();

  constructor(domain: HtnDomain) {
    this.domain = domain;
  }

  /** `step` under method `m`'s check. */
  under(step: PlanStep, m: number): PlanStep {
    let byMethod = this.cache.get(step);
    if (byMethod === undefined) this.cache.set(step, (byMethod = new Map()));
    let checked = byMethod.get(m);
    if (checked === undefined) {
      byMethod.set(m, (checked = this.derive(step, m)));
      origins.set(checked, { base: step, method: m });
    }
    return checked;
  }

  private derive(step: PlanStep, m: number): PlanStep {
    const d = this.domain;
    const where = `the check of method ${d.methodNames[m]} on step ${step.task}`;
    const conds = d.methodConds[m].source;
    const check = d.methodCheck[m];
    const checked =
      check === 1
        ? { ...step, conditions: compileConditions(d.schema, [...step.conditions.source, ...conds], where) }
        : check === 2
          ? { ...step, executing: compileConditions(d.schema, [...step.executing.source, ...conds], where) }
          : { ...step };
    const scopes = d.methodScopes[m];
    return Object.freeze(scopes === null ? checked : withScopes(checked, scopes));
  }
}

const NO_DECORATORS: Decorators = Object.freeze({});

/** `step` also under the decorated `scopes`; a scope's `checkEvery` spaces the step's executing checks (the shortest wins). */
function withScopes(step: PlanStep, scopes: readonly StepScope[]): PlanStep {
  let every = step.decorators?.checkEvery;
  for (const s of scopes) {
    const e = s.decorators.checkEvery;
    if (e !== undefined && (every === undefined || e < every)) every = e;
  }
  // A step with scopes always has decorators (maybe none set), so the runner tests one field to know it must look.
  const decorators = every === step.decorators?.checkEvery ? (step.decorators ?? NO_DECORATORS) : Object.freeze({ ...step.decorators, checkEvery: every });
  return { ...step, scopes: step.scopes === undefined ? scopes : [...step.scopes, ...scopes], decorators };
}
