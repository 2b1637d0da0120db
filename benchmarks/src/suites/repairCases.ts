import { GoapPlanner, repairGoapPlan } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import { HtnPlanner, repairHtnPlan } from '@dualplan/htn';
import { gunCombatDomain, npcActions, npcHtnDomain, soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import {
  applyEffects,
  ChangeSource,
  createState,
  PlanBuffer,
  validatePlan,
  type Plan,
  type PlanAmendment,
  type Snapshot,
  type WorldState,
} from '@dualplan/world-state';
import { soldierActions, trollActions } from '@dualplan/world-state/examples';
import type { BenchCase } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';

/** One failure to repair: the agent's plan from `start`, its steps before `failAt` run (their effects applied), step `failAt` failed. */
interface Failure {
  readonly name: string;
  readonly start: Snapshot;
  readonly failAt: number;
  /** The planner, and how it plans from scratch and repairs (the same two calls the runner makes). */
  make(): { full(state: WorldState<any>): Plan | null; repair(failed: Plan, index: number, state: WorldState<any>): PlanAmendment | null; schema: any };
}

function htn(planner: HtnPlanner<any, string>) {
  return {
    schema: planner.domain.schema,
    full: (state: WorldState<any>) => planner.plan(state).plan,
    repair: (failed: Plan, index: number, state: WorldState<any>) => repairHtnPlan(planner, failed, index, state, undefined),
  };
}

function goap(planner: GoapPlanner<any, string>) {
  const out = new PlanBuffer();
  const full = new PlanBuffer();
  return {
    schema: planner.domain.schema,
    full: (state: WorldState<any>) => planner.plan(state, undefined, { out: full }).plan,
    repair: (failed: Plan, index: number, state: WorldState<any>) => repairGoapPlan(planner, planner.domain.goals, failed, index, state, undefined, out, false),
  };
}

const failures: Failure[] = [
  // The troll fetched a new trunk; walking back to the enemy fails.
  { name: 'troll htn', start: { WsCanSeeEnemy: true, WsTrunkHealth: 0 }, failAt: 3, make: () => htn(new HtnPlanner(trollHtnDomain({}, trollActions()))) },
  // The soldier scouted and loaded; aiming fails.
  { name: 'soldier htn', start: {}, failAt: 2, make: () => htn(new HtnPlanner(soldierHtnDomain(soldierActions()))) },
  // The NPC with a gun took cover; reloading fails.
  {
    name: 'npc htn (gun)',
    start: { EnemyNear: true, Ammo: 0 },
    failAt: 1,
    make: () => {
      const actions = npcActions();
      const planner = new HtnPlanner(npcHtnDomain(actions));
      planner.plug('Combat', gunCombatDomain(actions));
      return htn(planner);
    },
  },
  { name: 'troll goap', start: { WsCanSeeEnemy: true, WsTrunkHealth: 0 }, failAt: 1, make: () => goap(new GoapPlanner(trollGoapDomain(trollActions()))) },
  { name: 'soldier goap', start: {}, failAt: 1, make: () => goap(new GoapPlanner(soldierGoapDomain(soldierActions()))) },
];

const names = (p: Plan | null) => p?.steps.map((s) => s.task).join(', ') ?? 'none';

/**
 * Plan repair against a full replan after a failed step, on the troll, the soldier (both planners) and the NPC (HTN,
 * a gun in its combat slot): each op repairs (or replans) from the state the failure left. The check says whether
 * the repaired rest is valid from that state and whether it equals the full replan's plan (the report's detail).
 */
export function repairCases(suite: string): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const f of failures) {
    const fullName = `${f.name}, full replan after step ${f.failAt} failed`;
    for (const how of ['full', 'repair'] as const) {
      const name = how === 'full' ? fullName : `${f.name}, repair after step ${f.failAt} failed`;
      cases.push(
        dualplanCase({ suite, name, allocOps: 200, target: how === 'full' ? undefined : { baseline: fullName, label: 'repair / full replan' } }, () => {
          const agent = f.make();
          const state = createState(agent.schema, f.start);
          const first = agent.full(state)!;
          // Its own copy: a planner may reuse the buffer the plan lives in.
          const failed: Plan = { ...first, steps: first.steps.slice() };
          for (let i = 0; i < f.failAt; i++) applyEffects(failed.steps[i].effects, state, undefined, ChangeSource.Own);
          return {
            run: () => (how === 'full' ? agent.full(state) : agent.repair(failed, f.failAt, state)),
            check: () => {
              const full = names(agent.full(state));
              const mended = agent.repair(failed, f.failAt, state);
              const plan = how === 'full' ? agent.full(state) : (mended?.plan ?? null);
              const valid = plan !== null && validatePlan(plan.steps, 0, state, state.clone()).step < 0;
              const detail =
                how === 'full'
                  ? full
                  : `${names(plan)} (from ${mended?.from ?? 'nothing: full replan'}; ${names(plan) === full ? 'equal to' : 'differs from'} the full replan ${full})`;
              return { valid, optimal: valid, detail, planLength: plan?.steps.length ?? 0 };
            },
          };
        }),
      );
    }
  }
  return cases;
}
