import {
  bool,
  createState,
  defineActions,
  defineSchema,
  eq,
  set,
  type AgentPlanner,
  type PlanCodec,
  type SlicedPlanner,
  type WorldState,
} from '@dualplan/world-state';
import { GoapPlanner, compileGoapDomain, goapAgentPlanner, goapPlanCodec, goapSlicedPlanner } from '@dualplan/goap';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec, htnSlicedPlanner } from '@dualplan/htn';
import type { GoapDomain, GoapPlannerOptions } from '@dualplan/goap';
import { randomDomain, soldierGoapDomain } from '@dualplan/goap/examples';
import type { HtnDomain } from '@dualplan/htn';
import { coverActions, coverHtnDomain, coverSchema } from '@dualplan/htn/examples';
import { randomHtnDomain } from './randomHtnDomain.js';

export type PoolTestDomain =
  | { kind: 'goap'; domain: GoapDomain; options: GoapPlannerOptions; start: WorldState<any> }
  | { kind: 'htn'; domain: HtnDomain; start: WorldState<any>; prune: boolean };

/** The test domains by id, built the same way on both sides of the pool: `goap:<seed>`, `htn:<seed>` (`htnprune:<seed>`: planned with MTR pruning), `soldier`, `faulty`, `cover` (a plan with a parallel section). */
export function poolTestDomain(id: string): PoolTestDomain {
  const [kind, seedText] = id.split(':');
  const seed = Number(seedText);
  if (kind === 'goap') {
    const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
    return { kind, domain: rd.domain, options: { maxPlanLength: 300, maxExpansions: 1e5 }, start: createState(rd.domain.schema, rd.start) };
  }
  if (kind === 'htn' || kind === 'htnprune') {
    const rd = randomHtnDomain(seed);
    return { kind: 'htn', domain: rd.domain, start: createState(rd.domain.schema, rd.start), prune: kind === 'htnprune' };
  }
  if (kind === 'soldier') {
    const domain = soldierGoapDomain();
    return { kind: 'goap', domain, options: {}, start: createState(domain.schema) };
  }
  if (kind === 'cover') {
    // Plans with a parallel section: (RunToCover ‖ Reload) → Shoot.
    const domain = coverHtnDomain(coverActions(coverSchema()));
    return { kind: 'htn', domain, start: createState(domain.schema, { UnderFire: true, Ammo: 1 }), prune: false };
  }
  if (kind === 'faulty') {
    const domain = faultyDomain();
    return { kind: 'goap', domain, options: {}, start: createState(domain.schema) };
  }
  throw new Error(`no test domain "${id}"`);
}

/** Two ways to win; the cheap one's cost function throws when the context says `boom` (its search contains the fault and plans around it). */
function faultyDomain(): GoapDomain {
  const schema = defineSchema({ enemyDead: bool(), hasAmmo: bool(true) });
  const k = schema.keys;
  const cost = (_s: unknown, ctx: { boom?: boolean } | undefined): number => {
    if (ctx?.boom) throw new RangeError('no ammo table');
    return 1;
  };
  return compileGoapDomain(
    defineActions(schema, [
      { name: 'ranged', conditions: [eq(k.hasAmmo, true)], effects: [set(k.enemyDead, true)], cost },
      { name: 'melee', effects: [set(k.enemyDead, true)], cost: 2 },
    ]),
    { goals: [{ name: 'kill', conditions: [eq(k.enemyDead, true)] }] },
  );
}

/** What a test context may ask of {@link misbehaving}. */
export interface MisbehaviourCtx {
  crash?: boolean;
  hang?: boolean;
  throws?: boolean;
  boom?: boolean;
}

/** `inner`, except that it exits the process, loops forever or throws when the context says so. */
export function misbehaving(inner: AgentPlanner): AgentPlanner {
  return {
    ...inner,
    plan(state, ctx: MisbehaviourCtx | undefined, running) {
      if (ctx?.crash) process.exit(1);
      if (ctx?.throws) throw new TypeError('cost function exploded');
      // eslint-disable-next-line no-empty
      if (ctx?.hang) for (;;) {}
      return inner.plan(state, ctx, running);
    },
  };
}

/** A test domain's synchronous and sliced planners (each its own search), its codec and start state. */
export interface PoolTestPlanners {
  sync: AgentPlanner;
  sliced: SlicedPlanner;
  codec: PlanCodec;
  start: WorldState<any>;
}

/** The planners of {@link poolTestDomain}`(id)` on this side of the pool. */
export function poolTestPlanners(id: string): PoolTestPlanners {
  const made = poolTestDomain(id);
  if (made.kind === 'goap') {
    return {
      sync: goapAgentPlanner(new GoapPlanner(made.domain, made.options)),
      sliced: goapSlicedPlanner(new GoapPlanner(made.domain, made.options)),
      codec: goapPlanCodec(made.domain),
      start: made.start,
    };
  }
  return {
    sync: htnAgentPlanner(new HtnPlanner(made.domain), { prune: made.prune }),
    sliced: htnSlicedPlanner(new HtnPlanner(made.domain)),
    codec: htnPlanCodec(made.domain),
    start: made.start,
  };
}
