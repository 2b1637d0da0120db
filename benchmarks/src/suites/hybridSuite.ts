import { GoapPlanner } from '@dualplan/goap';
import { soldierDomain as goapSoldier, trollDomain as goapTroll } from '@dualplan/goap/examples';
import { soldierDomain as htnSoldier, trollDomain as htnTroll } from '@dualplan/htn/examples';
import { createState } from '@dualplan/world-state';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { goapCheck } from './goapCases.js';
import { htnCase } from './htnCases.js';

/**
 * HTN against GOAP on the same scenarios (issue 6): the troll and the soldier,
 * each as an HTN domain and as a GOAP domain over one schema. Compared: plan
 * length, cost, time and allocation. Both plans are validated on the world state.
 */
export function hybridSuite(_options: SuiteOptions): BenchCase[] {
  const suite = 'htn-vs-goap';
  const trollStart = { WsCanSeeEnemy: true, WsTrunkHealth: 0 };
  const goapTrollCost = () => {
    const d = goapTroll();
    return new GoapPlanner(d, { weight: 0, mode: 'forward', maxExpansions: 1e6 }).plan(createState(d.schema, trollStart), 'attackEnemy').cost;
  };
  const goapSoldierCase = (name: string, mk: () => ReturnType<typeof goapSoldier>, start: Record<string, boolean | number>, goal: string, optimal: () => number): BenchCase => ({
    suite,
    name,
    impl: 'dualplan',
    allocOps: 100_000,
    prepare() {
      const domain = mk();
      const planner = new GoapPlanner(domain);
      const state = createState(domain.schema, start);
      const cost = optimal();
      return { run: () => planner.plan(state, goal), check: () => goapCheck(planner, domain, start, goal, cost) };
    },
  });
  return [
    htnCase({
      suite,
      name: 'troll as HTN (full domain)',
      allocOps: 100_000,
      setup: () => {
        const domain = htnTroll();
        return { domain, state: createState(domain.schema, trollStart) };
      },
      expect: ['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery'],
    }),
    goapSoldierCase('troll as GOAP (goal attackEnemy)', goapTroll, trollStart, 'attackEnemy', goapTrollCost),
    htnCase({
      suite,
      name: 'soldier as HTN',
      allocOps: 100_000,
      setup: () => {
        const domain = htnSoldier();
        return { domain, state: createState(domain.schema) };
      },
      // The HTN soldier encodes the recipe; its plan must kill the enemy and keep the soldier alive.
      expect: (final, names) => (final.values[final.schema.cellOf('enemyalive')] === 0 && final.values[final.schema.cellOf('alive')] === 1 ? null : `goal not reached by ${names.join(', ')}`),
    }),
    goapSoldierCase('soldier as GOAP', goapSoldier, {}, 'killEnemy', () => 4),
  ];
}
