// The planner pool's worker for the scaling benchmark: the GOAP soldier and the HTN troll.
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { servePlanners } from '@dualplan/runner/worker';

servePlanners({
  soldier: () => {
    const domain = soldierGoapDomain();
    return { planner: goapAgentPlanner(new GoapPlanner(domain)), codec: goapPlanCodec(domain), schema: domain.schema };
  },
  troll: () => {
    const domain = trollHtnDomain();
    return { planner: htnAgentPlanner(new HtnPlanner(domain)), codec: htnPlanCodec(domain), schema: domain.schema };
  },
});
