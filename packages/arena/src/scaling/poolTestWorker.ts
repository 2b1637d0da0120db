// The worker script of the pool tests (bundled by buildPoolTestWorker): random
// GOAP and HTN domains by seed, and a soldier domain that crashes or hangs on request.
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec } from '@dualplan/htn';
import { servePlanners } from '@dualplan/runner/worker';
import { misbehaving, poolTestDomain } from './poolTestDomains.js';

servePlanners((id) => {
  const made = poolTestDomain(id);
  if (made.kind === 'goap') {
    const goap = new GoapPlanner(made.domain, made.options);
    // An agent's failure penalties come with its request; a request without brings the planner back to none.
    const feedback = (learnt: Float64Array | null) => void (learnt === null ? goap.multipliers.fill(1) : goap.multipliers.set(learnt));
    return { planner: misbehaving(goapAgentPlanner(goap)), codec: goapPlanCodec(made.domain), schema: made.domain.schema, feedback };
  }
  return { planner: htnAgentPlanner(new HtnPlanner(made.domain), { prune: made.prune }), codec: htnPlanCodec(made.domain), schema: made.domain.schema };
});
