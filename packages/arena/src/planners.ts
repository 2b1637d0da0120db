import type { AgentPlanner } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import type { ArenaPlanners } from './runArena.js';

/**
 * The arena's planners: the Trunk Thumper's full HTN domain, and the GOAP soldier
 * and GOAP troll from `@dualplan/goap/examples`. A fresh planner per agent per match.
 */
export const defaultPlanners: ArenaPlanners = /* @__PURE__ */ Object.freeze({
  troll(kind: 'htn' | 'goap'): AgentPlanner | null {
    if (kind === 'htn') return htnAgentPlanner(new HtnPlanner(trollHtnDomain()));
    return goapAgentPlanner(new GoapPlanner(trollGoapDomain()));
  },
  soldier(): AgentPlanner | null {
    return goapAgentPlanner(new GoapPlanner(soldierGoapDomain(undefined, { lastResort: true })));
  },
});
