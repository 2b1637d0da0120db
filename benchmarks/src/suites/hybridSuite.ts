import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import { soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { dijkstraCost, goapCase } from './goapCases.js';
import { htnCase, htnSetup } from './htnCases.js';

/**
 * HTN against GOAP on the same scenarios (issue 6): the troll and the soldier,
 * each as an HTN domain and as a GOAP domain over one schema. Compared: plan
 * length, cost, time and allocation. Both plans are validated on the world state.
 */
export function hybridSuite(_options: SuiteOptions): BenchCase[] {
  const suite = 'htn-vs-goap';
  const trollStart = { WsCanSeeEnemy: true, WsTrunkHealth: 0 };
  const allocOps = 100_000;
  return [
    htnCase({
      suite,
      name: 'troll as HTN (full domain)',
      allocOps,
      setup: () => htnSetup(trollHtnDomain(), trollStart),
      expect: ['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery'],
    }),
    goapCase({
      suite,
      name: 'troll as GOAP (goal attackEnemy)',
      allocOps,
      domain: () => trollGoapDomain(),
      start: trollStart,
      goal: 'attackEnemy',
      optimalCost: (domain, start) => dijkstraCost(domain, start, 'attackEnemy'),
    }),
    htnCase({
      suite,
      name: 'soldier as HTN',
      allocOps,
      setup: () => htnSetup(soldierHtnDomain()),
      // The HTN soldier encodes the recipe; its plan must kill the enemy and keep the soldier alive.
      expect: (final, names) =>
        final.values[final.schema.cellOf('enemyalive')] === 0 && final.values[final.schema.cellOf('alive')] === 1
          ? null
          : `goal not reached by ${names.join(', ')}`,
    }),
    goapCase({ suite, name: 'soldier as GOAP', allocOps, domain: () => soldierGoapDomain(), goal: 'killEnemy', optimalCost: 4 }),
  ];
}
