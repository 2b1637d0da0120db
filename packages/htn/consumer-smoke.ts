// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (and world-state).
import { createState, eq } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { htnDomainBuilder, HtnPlanner, htnAgentPlanner, compareMtr } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';

const schema = trollSchema();
const domain = htnDomainBuilder(schema, 'smoke')
  .compound('Root')
  .method((k) => [eq(k.WsCanSeeEnemy, true)], 'Attack').task('Slam').back()
  .method([], 'Idle').task('Wait')
  .end()
  .primitive('Slam', { operator: 'TrunkSlam' })
  .primitive('Wait', { operator: 'Wait' })
  .build();
const outcome = new HtnPlanner(domain).plan(createState(schema, { WsCanSeeEnemy: true }));
if (outcome.status !== 'found' || outcome.plan?.steps[0].task !== 'Slam') throw new Error('htn consumer smoke failed');
const troll = htnAgentPlanner(new HtnPlanner(trollHtnDomain())).plan(createState(schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 }), undefined, null);
if (troll.status !== 'found' || compareMtr([0, 1], [0, 2]) >= 0) throw new Error('htn examples smoke failed');
