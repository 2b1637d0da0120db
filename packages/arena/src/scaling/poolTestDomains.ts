import { createState, type AgentPlanner, type PlanCodec, type SlicedPlanner, type WorldState } from '@dualplan/world-state';
import { GoapPlanner, goapAgentPlanner, goapPlanCodec, goapSlicedPlanner } from '@dualplan/goap';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec, htnSlicedPlanner } from '@dualplan/htn';
import type { GoapDomain, GoapPlannerOptions } from '@dualplan/goap';
import { randomDomain, soldierGoapDomain } from '@dualplan/goap/examples';
import type { HtnDomain } from '@dualplan/htn';
import { randomHtnDomain } from './randomHtnDomain.js';

export type PoolTestDomain =
  | { kind: 'goap'; domain: GoapDomain; options: GoapPlannerOptions; start: WorldState<any> }
  | { kind: 'htn'; domain: HtnDomain; start: WorldState<any> };

/** The test domains by id, built the same way on both sides of the pool: `goap:<seed>`, `htn:<seed>`, `soldier`. */
export function poolTestDomain(id: string): PoolTestDomain {
  const [kind, seedText] = id.split(':');
  const seed = Number(seedText);
  if (kind === 'goap') {
    const rd = randomDomain(seed, { actions: 6 + (seed % 5) });
    return { kind, domain: rd.domain, options: { maxPlanLength: 300, maxExpansions: 1e5 }, start: createState(rd.domain.schema, rd.start) };
  }
  if (kind === 'htn') {
    const rd = randomHtnDomain(seed);
    return { kind, domain: rd.domain, start: createState(rd.domain.schema, rd.start) };
  }
  if (kind === 'soldier') {
    const domain = soldierGoapDomain();
    return { kind: 'goap', domain, options: {}, start: createState(domain.schema) };
  }
  throw new Error(`no test domain "${id}"`);
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
    return { sync: goapAgentPlanner(new GoapPlanner(made.domain, made.options)), sliced: goapSlicedPlanner(new GoapPlanner(made.domain, made.options)), codec: goapPlanCodec(made.domain), start: made.start };
  }
  return { sync: htnAgentPlanner(new HtnPlanner(made.domain)), sliced: htnSlicedPlanner(new HtnPlanner(made.domain)), codec: htnPlanCodec(made.domain), start: made.start };
}
