import type { AgentPlanner } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import { soldierActions, soldierSchema, trollActions, trollSchema } from '@dualplan/world-state/examples';
import type { ArenaPlanners } from './runArena.js';
import { npcPlanner } from './npcAgent.js';

/**
 * The arena's planners: the troll's one action set ({@link trollActions}) under
 * either its HTN domain or its GOAP goals, and the GOAP soldier over
 * {@link soldierActions}, and the HTN NPC whose combat is a slot. A fresh planner per agent per match.
 */
export const defaultPlanners: ArenaPlanners = /* @__PURE__ */ Object.freeze({
  troll(kind: 'htn' | 'goap'): AgentPlanner | null {
    const actions = trollActions(trollSchema());
    if (kind === 'htn') return htnAgentPlanner(new HtnPlanner(trollHtnDomain({}, actions)));
    return goapAgentPlanner(new GoapPlanner(trollGoapDomain(actions)));
  },
  soldier(): AgentPlanner | null {
    return goapAgentPlanner(new GoapPlanner(soldierGoapDomain(soldierActions(soldierSchema()), { lastResort: true })));
  },
  npc(): HtnPlanner | null {
    return npcPlanner();
  },
});
