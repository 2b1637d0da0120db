import { HtnPlanner, type HtnDomain } from '@dualplan/htn';
import { coverActions, coverHtnDomain } from '@dualplan/htn/examples';
import { createState, PlanBuffer, validatePlan, type WorldState } from '@dualplan/world-state';
import type { BenchCase } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';

const AGENTS = 1000;

interface Crowd {
  readonly planners: HtnPlanner[];
  readonly states: WorldState<any>[];
  readonly buffers: PlanBuffer[];
}

/** 1,000 soldiers of the cover example, each with its own planner, state and buffer, over one shared domain. */
function crowd(domain: HtnDomain<any>): Crowd {
  const planners: HtnPlanner[] = [];
  const states: WorldState<any>[] = [];
  const buffers: PlanBuffer[] = [];
  for (let i = 0; i < AGENTS; i++) {
    planners.push(new HtnPlanner(domain));
    // Mostly under fire and out of cover (the parallel method), some already in cover, some at peace.
    states.push(createState(domain.schema, { UnderFire: i % 5 !== 4, InCover: i % 7 === 3, Ammo: i % 7 }));
    buffers.push(new PlanBuffer());
  }
  return { planners, states, buffers };
}

function planAll(c: Crowd): number {
  let steps = 0;
  for (let i = 0; i < AGENTS; i++) steps += c.planners[i].plan(c.states[i], undefined, { out: c.buffers[i] }).plan?.steps.length ?? 0;
  return steps;
}

/**
 * HTN parallel branches (issue 15): "walk to cover while reloading" as a parallel task at agent scale,
 * next to the same behaviour as a plain sequence. Both plan the same steps; the parallel form also
 * writes the section into the plan and checks it against the key-conflict rule.
 */
export function htnParallelCases(suite: string): BenchCase[] {
  const actions = coverActions();
  const domains = { sequence: coverHtnDomain(actions, { parallel: false }), parallel: coverHtnDomain(actions) };
  const sequenceName = `cover ${AGENTS} agents, plain sequence`;
  const names = (c: Crowd) =>
    c.planners.map(
      (p, i) =>
        p
          .plan(c.states[i])
          .plan?.steps.map((s) => s.task)
          .join(',') ?? '(none)',
    );
  const make = (parallel: boolean): BenchCase =>
    dualplanCase(
      {
        suite,
        name: parallel ? `cover ${AGENTS} agents, parallel branch` : sequenceName,
        allocOps: 200,
        target: parallel ? { maxGcs: 0, baseline: sequenceName, label: 'vs plain sequence' } : { maxGcs: 0 },
      },
      () => {
        const c = crowd(parallel ? domains.parallel : domains.sequence);
        return {
          run: () => planAll(c),
          check: () => {
            const ours = names(c);
            const other = names(crowd(parallel ? domains.sequence : domains.parallel));
            const differs = ours.findIndex((n, i) => n !== other[i]);
            const invalid = c.planners.findIndex((p, i) => {
              const plan = p.plan(c.states[i]).plan;
              return !plan || validatePlan(plan.steps, 0, c.states[i], createState(c.states[i].schema)).step >= 0;
            });
            const sections = c.planners.filter((p, i) => (p.plan(c.states[i]).plan?.parallel?.length ?? 0) > 0).length;
            const ok = differs < 0 && invalid < 0 && (parallel ? sections > 0 : sections === 0);
            const detail =
              differs >= 0
                ? `agent ${differs}: ${ours[differs]} vs ${other[differs]}`
                : invalid >= 0
                  ? `agent ${invalid}: invalid plan`
                  : `${AGENTS} plans, equal to the other form (${sections} with a parallel section)`;
            return { valid: ok, optimal: ok, detail, planLength: ours.length };
          },
        };
      },
    );
  return [make(false), make(true)];
}
