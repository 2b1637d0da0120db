import { add, eq, gt, ne, set, sub, type KeysOf, type Schema } from '@dualplan/world-state';
import { EnemyRange, TrollLocation, TrollOperator, trollSchema, type TrollSchema } from '@dualplan/world-state/examples';
import { compileHtnDomain } from '../compileHtnDomain.js';
import type { HtnDomain } from '../HtnDomain.js';
import { htnDomainBuilder, type HtnDomainBuilder } from '../HtnDomainBuilder.js';

type TrollSpec = TrollSchema extends Schema<infer S> ? S : never;
type TrollKeys = KeysOf<TrollSpec>;

export interface TrollDomainOptions {
  /**
   * 004 §12.10. `'none'` (default): full plans. `'split'`: the chapter's
   * domain-authored split, navigation and attack in two methods told apart by
   * `WsEnemyRange`. `'pause'`: a pause point after `NavigateToEnemy`; the slam
   * is planned later from the continuation.
   */
  partial?: 'none' | 'split' | 'pause';
  /**
   * 004 §12.8: model why recovery is needed with `WsIsTired` (default true).
   * `false` gives the chapter's first version, in which a third slam's power-up
   * makes the whirlwind plan outrank, and abort, the running recovery.
   */
  tired?: boolean;
}

/**
 * The Trunk Thumper's primitive tasks (004 §12.3–§12.8). Several tasks share
 * one operator: `NavigateToEnemy`, `NavigateToBridge`, `NavigateToTrunk` and
 * `NavToLastEnemyLoc` all run `NavigateTo` with a different location term.
 */
function primitives(b: HtnDomainBuilder<TrollSpec>, stage: 'basic' | 'trunk' | 'full', tired: boolean): HtnDomainBuilder<TrollSpec> {
  const full = stage === 'full';
  return b
    .primitive('NavigateToEnemy', (k) => ({
      operator: TrollOperator.NavigateTo,
      args: [TrollLocation.Enemy],
      effects: full ? [set(k.WsLocation, TrollLocation.Enemy), set(k.WsEnemyRange, EnemyRange.Melee)] : [set(k.WsLocation, TrollLocation.Enemy)],
    }))
    .primitive('DoTrunkSlam', (k) => ({
      operator: TrollOperator.TrunkSlam,
      args: ['TrunkSlamAnim'],
      conditions: full ? [gt(k.WsStamina, 0)] : [],
      effects:
        stage === 'basic'
          ? []
          : stage === 'trunk'
            ? [sub(k.WsTrunkHealth, 1)]
            : [sub(k.WsTrunkHealth, 1), set(k.WsAttackedRecently, true), add(k.WsPowerUp, 1), sub(k.WsStamina, 1), ...(tired ? [set(k.WsIsTired, true)] : [])],
    }))
    .primitive('ChooseBridgeToCheck', { operator: TrollOperator.ChooseBridge })
    .primitive('NavigateToBridge', (k) => ({ operator: TrollOperator.NavigateTo, args: [TrollLocation.Bridge], effects: [set(k.WsLocation, TrollLocation.Bridge)] }))
    .primitive('CheckBridge', { operator: TrollOperator.CheckBridge, args: ['SearchAnim'] });
}

function trunkPrimitives(b: HtnDomainBuilder<TrollSpec>): HtnDomainBuilder<TrollSpec> {
  return b
    .primitive('FindTrunk', { operator: TrollOperator.FindTrunk })
    .primitive('NavigateToTrunk', (k) => ({ operator: TrollOperator.NavigateTo, args: [TrollLocation.Trunk], effects: [set(k.WsLocation, TrollLocation.Trunk)] }))
    .primitive('UprootTrunk', (k) => ({ operator: TrollOperator.UprootTrunk, effects: [set(k.WsTrunkHealth, 3)] }));
}

/**
 * §12.3: the first Trunk Thumper. Seeing an enemy, it navigates and slams;
 * otherwise it patrols its bridges.
 * @example
 * new HtnPlanner(trollBasicDomain()).plan(createState(trollSchema(), { WsCanSeeEnemy: true })).plan?.steps.map((s) => s.task);
 * // ['NavigateToEnemy', 'DoTrunkSlam']
 */
export function trollBasicDomain(schema: TrollSchema = trollSchema()): HtnDomain<TrollSchema> {
  const b = htnDomainBuilder(schema, 'troll-12.3')
    .compound('BeTrunkThumper')
    .method((k) => [eq(k.WsCanSeeEnemy, true)], 'AttackEnemy')
    .task('NavigateToEnemy')
    .task('DoTrunkSlam')
    .back()
    .method([], 'Patrol')
    .task('ChooseBridgeToCheck')
    .task('NavigateToBridge')
    .task('CheckBridge')
    .end();
  return primitives(b, 'basic', false).build();
}

/**
 * §12.6: the trunk breaks after three hits; `AttackEnemy` recurses after
 * fetching a new one. With `uprootRestoresTrunk: false` the recursion never
 * ends, which the planner's depth limit turns into a `'budget'` result.
 * @example
 * new HtnPlanner(trollTrunkDomain()).plan(createState(trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 0 })).plan?.steps.map((s) => s.task);
 * // ['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam']
 */
export function trollTrunkDomain(schema: TrollSchema = trollSchema(), options: { uprootRestoresTrunk?: boolean } = {}): HtnDomain<TrollSchema> {
  const b = htnDomainBuilder(schema, 'troll-12.6')
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
    .end();
  const withTrunk = trunkPrimitives(primitives(b, 'trunk', false));
  if (options.uprootRestoresTrunk === false) {
    const data = withTrunk.toData();
    const tasks = data.tasks.map((t) => (t.name === 'UprootTrunk' ? { kind: 'primitive' as const, name: 'UprootTrunk', operator: TrollOperator.UprootTrunk } : t));
    return compileHtnDomain(schema, { ...data, tasks });
  }
  return withTrunk.build();
}

/**
 * The complete Trunk Thumper (004 §12.3–§12.10): attack with recursion for a
 * new trunk (§12.6), chase to the last known position with an expected effect
 * `WsCanSeeEnemy = true` before `RegainLOSRoar` (§12.7), whirlwind after three
 * slams, recovery modelled with `WsIsTired`, boulder throw when it cannot slam
 * (§12.8), and optional partial planning (§12.10).
 * @example
 * const domain = trollHtnDomain();
 * const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
 * new HtnPlanner(domain).plan(state).plan?.steps.map((s) => s.task); // ['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']
 */
export function trollHtnDomain(options: TrollDomainOptions = {}, schema: TrollSchema = trollSchema()): HtnDomain<TrollSchema> {
  const tired = options.tired !== false;
  const partial = options.partial ?? 'none';
  const ready = (k: TrollKeys) => [gt(k.WsTrunkHealth, 0), eq(k.WsAttackedRecently, false), ...(tired ? [eq(k.WsIsTired, false)] : [])];
  let attack = htnDomainBuilder(schema, 'troll')
    .compound('BeTrunkThumper')
    .method((k) => [eq(k.WsCanSeeEnemy, true)], 'Attack')
    .task('AttackEnemy')
    .back()
    .method((k) => [eq(k.WsHasSeenEnemyRecently, true)], 'Chase')
    .task('NavToLastEnemyLoc')
    .task('RegainLOSRoar')
    .back()
    .method([], 'Patrol')
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
  const b = attack
    .method((k) => [eq(k.WsTrunkHealth, 0)], 'GetNewTrunk')
    .task('FindTrunk')
    .task('NavigateToTrunk')
    .task('UprootTrunk')
    .task('AttackEnemy')
    .back()
    .method([], 'ThrowBoulder')
    .task('ThrowBoulder')
    .end()
    .primitive('NavToLastEnemyLoc', (k) => ({
      operator: TrollOperator.NavigateTo,
      args: [TrollLocation.LastEnemyLoc],
      effects: [set(k.WsLocation, TrollLocation.LastEnemyLoc)],
      expectedEffects: [set(k.WsCanSeeEnemy, true)],
    }))
    .primitive('RegainLOSRoar', (k) => ({ operator: TrollOperator.Roar, args: ['RegainLOSRoar'], conditions: [eq(k.WsCanSeeEnemy, true)] }))
    .primitive('DoWhirlwindTrunkAttack', (k) => ({
      operator: TrollOperator.WhirlwindAttack,
      args: ['WhirlwindAnim'],
      effects: [set(k.WsPowerUp, 0), set(k.WsAttackedRecently, true), ...(tired ? [set(k.WsIsTired, true)] : [])],
    }))
    .primitive('DoRecovery', (k) => ({
      operator: TrollOperator.Recover,
      args: ['TrunkSlamRecoverAnim'],
      effects: [set(k.WsAttackedRecently, false), add(k.WsStamina, 1), ...(tired ? [set(k.WsIsTired, false)] : [])],
    }))
    .primitive('ThrowBoulder', { operator: TrollOperator.ThrowBoulder });
  return trunkPrimitives(primitives(b, 'full', tired)).build();
}
