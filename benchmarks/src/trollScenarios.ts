import { formatPlanNames } from './format.js';

/**
 * The Trunk Thumper troll (from "Exploring HTN Planners through Example", Game AI
 * Pro, chapter 12) as planner-neutral facts: the
 * start states benchmarked and the plan each must produce. The domain:
 *
 * BeTrunkThumper
 *   [CanSeeEnemy]            AttackEnemy
 *   [HasSeenEnemyRecently]   NavToLastEnemyLoc (expected: CanSeeEnemy = true), RegainLOSRoar [CanSeeEnemy]
 *   []                       ChooseBridgeToCheck, NavigateToBridge, CheckBridge
 * AttackEnemy
 *   [TrunkHealth > 0]        NavigateToEnemy, DoTrunkSlam (TrunkHealth -= 1)
 *   []                       FindTrunk, NavigateToTrunk, UprootTrunk (TrunkHealth = 3), AttackEnemy
 */
export interface TrollStart {
  readonly CanSeeEnemy: boolean;
  readonly HasSeenEnemyRecently: boolean;
  readonly TrunkHealth: number;
}

export interface TrollScenario {
  readonly name: string;
  readonly start: TrollStart;
  readonly expected: readonly string[];
}

/** The headline case: recursion through AttackEnemy after uprooting a new trunk. */
export const TROLL_UPROOT: TrollScenario = Object.freeze({
  name: 'troll: uproot and slam (recursion)',
  start: { CanSeeEnemy: true, HasSeenEnemyRecently: false, TrunkHealth: 0 },
  expected: ['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam'],
});

export const TROLL_SCENARIOS: readonly TrollScenario[] = Object.freeze([
  TROLL_UPROOT,
  { name: 'troll: slam', start: { CanSeeEnemy: true, HasSeenEnemyRecently: false, TrunkHealth: 3 }, expected: ['NavigateToEnemy', 'DoTrunkSlam'] },
  {
    name: 'troll: regain LOS (expected effect)',
    start: { CanSeeEnemy: false, HasSeenEnemyRecently: true, TrunkHealth: 2 },
    expected: ['NavToLastEnemyLoc', 'RegainLOSRoar'],
  },
  {
    name: 'troll: patrol bridges',
    start: { CanSeeEnemy: false, HasSeenEnemyRecently: false, TrunkHealth: 3 },
    expected: ['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge'],
  },
]);

/** Compare a plan's task names with the expected ones. */
export function judgeTrollPlan(scenario: TrollScenario, plan: readonly string[] | null) {
  const ok = !!plan && plan.length === scenario.expected.length && plan.every((t, i) => t === scenario.expected[i]);
  return {
    valid: ok,
    optimal: ok,
    planLength: plan?.length ?? 0,
    detail: ok
      ? formatPlanNames(plan!, ' → ')
      : `expected ${formatPlanNames(scenario.expected, ' → ')}, got ${plan ? formatPlanNames(plan, ' → ') || '(empty)' : 'no plan'}`,
  };
}
