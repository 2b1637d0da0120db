import type { AgentPlanner } from '@dualplan/world-state';
import { Planner, htnAgentPlanner } from '@dualplan/htn';
import { trollDomain } from '@dualplan/htn/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierDomain, trollDomain as goapTrollDomain } from '@dualplan/goap/examples';
import type { ArenaPlanners } from './runArena.js';

/**
 * The arena's planners: the Trunk Thumper's full HTN domain, and the GOAP soldier
 * and GOAP troll from `@dualplan/goap/examples`. A fresh planner per agent per match.
 */
export const defaultPlanners: ArenaPlanners = /* @__PURE__ */ Object.freeze({
  troll(kind: 'htn' | 'goap'): AgentPlanner | null {
    if (kind === 'htn') return htnAgentPlanner(new Planner(trollDomain()));
    return goapAgentPlanner(new GoapPlanner(goapTrollDomain()));
  },
  soldier(): AgentPlanner | null {
    return goapAgentPlanner(new GoapPlanner(soldierDomain(undefined, { lastResort: true })));
  },
});
