import type { Plan, PlanResult } from '@dualplan/world-state';

/**
 * @internal A frozen copy of a result, so a planner's reused buffers never
 * change a plan that several agents share.
 */
export function frozenResult(r: PlanResult): PlanResult {
  const p = r.plan;
  const plan: Plan | null =
    p === null
      ? null
      : Object.freeze({
          planner: p.planner,
          steps: Object.freeze(p.steps.slice()),
          cost: p.cost,
          meta: deepFreeze(structuredClone(p.meta)),
          stats: Object.freeze({ ...p.stats }),
          // Parallel sections (which steps run on a second runner) are part of the plan: keep them.
          ...(p.parallel === undefined || p.parallel.length === 0 ? {} : { parallel: deepFreeze(p.parallel.map((x) => ({ ...x }))) }),
        });
  return Object.freeze({ status: r.status, plan, reason: r.reason, budget: r.budget, stats: Object.freeze({ ...r.stats }) }) as PlanResult;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
