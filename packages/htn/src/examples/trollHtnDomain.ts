import { defineActions, eq, gt, ne, set, sub, type KeysOf, type Schema } from '@dualplan/world-state';
import { EnemyRange, TrollLocation, TrollOperator, trollActions, trollSchema, type TrollActions, type TrollSchema } from '@dualplan/world-state/examples';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';

type TrollSpec = TrollSchema extends Schema<infer S> ? S : never;
type TrollKeys = KeysOf<TrollSpec>;

/** Options of {@link trollHtnDomain}: which variants of the troll domain to build. */
export interface TrollDomainOptions {
  /**
   * Partial planning. `'none'` (default): full plans. `'split'`: the chapter's
   * domain-authored split, navigation and attack in two methods told apart by
   * `WsEnemyRange`. `'pause'`: a pause point after `NavigateToEnemy`; the slam
   * is planned later from the continuation.
   */
  partial?: 'none' | 'split' | 'pause';
  /**
   * Recovery and plan priority: model why recovery is needed with `WsIsTired` (default true).
   * `false` gives the chapter's first version, in which a third slam's power-up
   * makes the whirlwind plan outrank, and abort, the running recovery.
   */
  tired?: boolean;
}

/**
 * The tutorial stages' actions (the first troll and the breaking trunk): the full troll's actions with
 * simpler effects, before stamina, power-ups and recovery are modelled.
 * Several actions share one operator: every `Navigate*` runs `NavigateTo` with a location argument.
 */
function stageActions(schema: TrollSchema, stage: 'basic' | 'trunk', uprootRestoresTrunk = true) {
  const k = schema.keys;
  return defineActions(schema, [
    { name: 'NavigateToEnemy', operator: TrollOperator.NavigateTo, args: [TrollLocation.Enemy], effects: [set(k.WsLocation, TrollLocation.Enemy)] },
    { name: 'DoTrunkSlam', operator: TrollOperator.TrunkSlam, args: ['TrunkSlamAnim'], effects: stage === 'trunk' ? [sub(k.WsTrunkHealth, 1)] : [] },
    { name: 'ChooseBridgeToCheck', operator: TrollOperator.ChooseBridge },
    { name: 'NavigateToBridge', operator: TrollOperator.NavigateTo, args: [TrollLocation.Bridge], effects: [set(k.WsLocation, TrollLocation.Bridge)] },
    { name: 'CheckBridge', operator: TrollOperator.CheckBridge, args: ['SearchAnim'] },
    { name: 'FindTrunk', operator: TrollOperator.FindTrunk },
    { name: 'NavigateToTrunk', operator: TrollOperator.NavigateTo, args: [TrollLocation.Trunk], effects: [set(k.WsLocation, TrollLocation.Trunk)] },
    { name: 'UprootTrunk', operator: TrollOperator.UprootTrunk, effects: uprootRestoresTrunk ? [set(k.WsTrunkHealth, 3)] : [] },
  ]);
}

/**
 * The first Trunk Thumper. Seeing an enemy, it navigates and slams;
 * otherwise it patrols its bridges.
 * @example
 * new HtnPlanner(trollBasicDomain()).plan(createState(trollSchema(), { WsCanSeeEnemy: true })).plan?.steps.map((s) => s.task);
 * // ['NavigateToEnemy', 'DoTrunkSlam']
 */
export function trollBasicDomain(schema: TrollSchema = trollSchema()): HtnDomain<TrollSchema> {
  return htnDomainBuilder(stageActions(schema, 'basic'), 'troll-12.3')
    .compound('BeTrunkThumper')
    .method((k) => [eq(k.WsCanSeeEnemy, true)], 'AttackEnemy')
    .task('NavigateToEnemy')
    .task('DoTrunkSlam')
    .back()
    .method([], 'Patrol')
    .task('ChooseBridgeToCheck')
    .task('NavigateToBridge')
    .task('CheckBridge')
    .end()
    .build();
}

/**
 * Recursion: the trunk breaks after three hits; `AttackEnemy` recurses after
 * fetching a new one. With `uprootRestoresTrunk: false` the recursion never
 * ends, which the planner's depth limit turns into a `'budget'` result.
 * @example
 * new HtnPlanner(trollTrunkDomain()).plan(createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 0 })).plan?.steps.map((s) => s.task);
 * // ['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam']
 */
export function trollTrunkDomain(schema: TrollSchema = trollSchema(), options: { uprootRestoresTrunk?: boolean } = {}): HtnDomain<TrollSchema> {
  return htnDomainBuilder(stageActions(schema, 'trunk', options.uprootRestoresTrunk !== false), 'troll-12.6')
    .compound('BeTrunkThumper')
    .method((k) => [eq(k.WsCanSeeEnemy, true)], 'Attack')
    .task('AttackEnemy')
    .back()
    .method([], 'Patrol')
    .task('ChooseBridgeToCheck')
    .task('NavigateToBridge')
    .task('CheckBridge')
    .end()
    .compound('AttackEnemy')
    .method((k) => [gt(k.WsTrunkHealth, 0)], 'TrunkSlam')
    .task('NavigateToEnemy')
    .task('DoTrunkSlam')
    .back()
    .method([], 'GetNewTrunk')
    .task('FindTrunk')
    .task('NavigateToTrunk')
    .task('UprootTrunk')
    .task('AttackEnemy')
    .end()
    .build();
}

/**
 * The complete Trunk Thumper (after "Exploring HTN Planners through Example", Game AI
 * Pro, chapter 12): attack with recursion for a new trunk, chase to the last known position with an expected effect
 * `WsCanSeeEnemy = true` before `RegainLOSRoar`, whirlwind after three
 * slams, recovery modelled with `WsIsTired`, boulder throw when it cannot slam
 * (plan priority), and optional partial planning.
 * @example
 * const domain = trollHtnDomain();
 * const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
 * new HtnPlanner(domain).plan(state).plan?.steps.map((s) => s.task); // ['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']
 */
export function trollHtnDomain(
  options: TrollDomainOptions = {},
  actions: TrollActions = trollActions(trollSchema(), { tired: options.tired }),
): HtnDomain<TrollSchema, TrollActions['operators'][number]> {
  const tired = options.tired !== false;
  const partial = options.partial ?? 'none';
  const ready = (k: TrollKeys) => [gt(k.WsTrunkHealth, 0), eq(k.WsAttackedRecently, false), ...(tired ? [eq(k.WsIsTired, false)] : [])];
  let attack = htnDomainBuilder(actions, 'troll')
    .compound('BeTrunkThumper')
    .method((k) => [eq(k.WsCanSeeEnemy, true)], 'Attack')
    .task('AttackEnemy')
    .back()
    .method((k) => [eq(k.WsHasSeenEnemyRecently, true)], 'Chase')
    .task('NavToLastEnemyLoc')
    .task('RegainLOSRoar')
    .back()
    // Patrol only when no enemy is in sight: best-first search, which ignores method order, must not patrol past an enemy.
    .method((k) => [eq(k.WsCanSeeEnemy, false)], 'Patrol')
    .task('ChooseBridgeToCheck')
    .task('NavigateToBridge')
    .task('CheckBridge')
    .end()
    .compound('AttackEnemy')
    .method((k) => [eq(k.WsPowerUp, 3), ...(tired ? [eq(k.WsIsTired, false)] : [])], 'Whirlwind')
    .task('DoWhirlwindTrunkAttack')
    .task('DoRecovery')
    .back();
  if (partial === 'split') {
    attack = attack
      .method((k) => [...ready(k), eq(k.WsCanNavigateToEnemy, true), ne(k.WsEnemyRange, EnemyRange.Melee)], 'ApproachEnemy')
      .task('NavigateToEnemy')
      .back()
      .method((k) => [...ready(k), eq(k.WsEnemyRange, EnemyRange.Melee)], 'TrunkSlam')
      .task('DoTrunkSlam')
      .task('DoRecovery')
      .back();
  } else {
    const slam = attack.method((k) => [...ready(k), eq(k.WsCanNavigateToEnemy, true)], 'TrunkSlam').task('NavigateToEnemy');
    attack = (partial === 'pause' ? slam.pause() : slam).task('DoTrunkSlam').task('DoRecovery').back();
  }
  return attack
    .method((k) => [eq(k.WsTrunkHealth, 0)], 'GetNewTrunk')
    .task('FindTrunk')
    .task('NavigateToTrunk')
    .task('UprootTrunk')
    .task('AttackEnemy')
    .back()
    .method([], 'ThrowBoulder')
    .task('ThrowBoulder')
    .task('DoRecovery')
    .end()
    .build();
}
