// The worker script of the pool tests (bundled by buildPoolTestWorker): random
// GOAP and HTN domains by seed, and a soldier domain that crashes or hangs on request.
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec } from '@dualplan/htn';
import { servePlanners } from '@dualplan/runner/worker';
import { misbehaving, poolTestDomain } from './poolTestDomains.js';

servePlanners((id) => {
  const made = poolTestDomain(id);
  if (made.kind === 'goap') return { planner: misbehaving(goapAgentPlanner(new GoapPlanner(made.domain, made.options))), codec: goapPlanCodec(made.domain), schema: made.domain.schema };
  return { planner: htnAgentPlanner(new HtnPlanner(made.domain), { prune: made.prune }), codec: htnPlanCodec(made.domain), schema: made.domain.schema };
});
