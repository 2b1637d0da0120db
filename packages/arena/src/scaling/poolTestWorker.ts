// The worker script of the pool tests (bundled by buildPoolTestWorker): random
// GOAP and HTN domains by seed, and a soldier domain that crashes or hangs on request.
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';
import { HtnPlanner, htnAgentPlanner, htnPlanCodec } from '@dualplan/htn';
import { servePlanners } from '@dualplan/runner/worker';
import { poolTestDomain } from './poolTestDomains.js';

servePlanners((id) => {
  const made = poolTestDomain(id);
  if (made.kind === 'goap') {
    const inner = goapAgentPlanner(new GoapPlanner(made.domain, made.options));
    const planner = {
      ...inner,
      plan(state: Parameters<typeof inner.plan>[0], ctx: { crash?: boolean; hang?: boolean; throws?: boolean } | undefined, running: null) {
        if (ctx?.crash) process.exit(1);
        if (ctx?.throws) throw new Error('cost function exploded');
        // eslint-disable-next-line no-empty
        if (ctx?.hang) for (;;) {}
        return inner.plan(state, ctx, running);
      },
    };
    return { planner, codec: goapPlanCodec(made.domain), schema: made.domain.schema };
  }
  return { planner: htnAgentPlanner(new HtnPlanner(made.domain)), codec: htnPlanCodec(made.domain), schema: made.domain.schema };
});
