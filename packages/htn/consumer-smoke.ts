// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (and world-state).
import { createState, eq, defineActions } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { htnDomainBuilder, HtnPlanner, htnAgentPlanner, compareMtr } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';

const schema = trollSchema();
const domain = htnDomainBuilder(
  defineActions(schema, [
    { name: 'Slam', operator: 'TrunkSlam' },
    { name: 'Wait', operator: 'Wait' },
  ]),
  'smoke',
)
  .compound('Root')
  .method((k) => [eq(k.WsCanSeeEnemy, true)], 'Attack')
  .task('Slam')
  .back()
  .method([], 'Idle')
  .task('Wait')
  .end()
  .build();
const outcome = new HtnPlanner(domain).plan(createState(schema, { WsCanSeeEnemy: true }));
if (outcome.status !== 'found' || outcome.plan?.steps[0].task !== 'Slam') throw new Error('htn consumer smoke failed');
const troll = htnAgentPlanner(new HtnPlanner(trollHtnDomain())).plan(createState(schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 }), undefined, null);
if (troll.status !== 'found' || compareMtr([0, 1], [0, 2]) >= 0) throw new Error('htn examples smoke failed');
