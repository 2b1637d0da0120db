// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (and world-state).
import { createState } from '@dualplan/world-state';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain, chainDomain } from '@dualplan/goap/examples';

const domain = soldierGoapDomain();
const result = new GoapPlanner(domain).plan(createState(domain.schema), undefined, { goal: 'killEnemy' });
if (result.status !== 'found' || result.plan.cost !== 4) throw new Error('goap consumer smoke failed');
const outcome = goapAgentPlanner(new GoapPlanner(chainDomain(3), { heuristic: 'additive' })).plan(createState(chainDomain(3).schema), undefined, null);
if (outcome.status !== 'found' || outcome.plan?.cost !== 6) throw new Error('goap examples smoke failed');
