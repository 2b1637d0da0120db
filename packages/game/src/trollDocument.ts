import { loadDomain, type DomainRegistry } from '@dualplan/documents';
import trollJson from '@dualplan/documents/examples/troll.json' with { type: 'json' };
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import type { AgentPlanner, Schema, WorldState } from '@dualplan/world-state';

const get = (state: WorldState<any>, key: string) => state.get(state.schema.keys[key] as number);

/** The functions `troll.json` names (its validity checks), the game's registry for the document. */
export const TROLL_REGISTRY: DomainRegistry = {
  validity: {
    isTired: (state) => get(state, 'WsIsTired') === true,
    seesEnemy: (state) => get(state, 'WsCanSeeEnemy') === true,
    lostSightOfEnemy: (state) => get(state, 'WsHasSeenEnemyRecently') === true && get(state, 'WsCanSeeEnemy') !== true,
  },
};

/**
 * The troll's planner built from the domain document `@dualplan/documents/examples/troll.json` (one action set,
 * an HTN part and a GOAP part), with the document's schema: the planner kind is the page's choice. A fresh
 * planner per call.
 * @example
 * const { planner, schema } = trollFromDocument('goap');
 */
export function trollFromDocument(kind: 'htn' | 'goap'): { planner: AgentPlanner; schema: Schema<any> } {
  const loaded = loadDomain(trollJson, TROLL_REGISTRY);
  const planner = kind === 'htn' ? htnAgentPlanner(new HtnPlanner(loaded.htn!)) : goapAgentPlanner(new GoapPlanner(loaded.goap!));
  return { planner, schema: loaded.schema };
}
