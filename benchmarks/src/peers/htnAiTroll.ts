import { Context, DomainBuilder, EffectType } from 'htn-ai';
import type { TrollStart } from '../trollScenarios.js';

type TrollWorld = { CanSeeEnemy: number; HasSeenEnemyRecently: number; TrunkHealth: number; Location: number };
type TrollContext = Context<TrollWorld>;
const Loc = { Bridge: 1, Enemy: 2, Trunk: 3, LastEnemyLoc: 4 } as const;
const PLAN = EffectType.PlanOnly;
const ok = () => 1 as never; // operators are not run by the planner; htn-ai wants one per primitive

/**
 * The troll in htn-ai's fluent builder (FluidHTN style): `select` = compound
 * task with ordered methods, `sequence` = one method, effects are plan-only
 * closures. Recursion re-adds the AttackEnemy compound instance inside its own
 * second method. Expected effects are plan-only effects (FluidHTN's idiom).
 * @returns a planning function giving the primitive task names.
 */
export function htnAiTrollPlanner(start: TrollStart): () => string[] | null {
  const b = new DomainBuilder<TrollContext>('Trunk Thumper');
  b.select('BeTrunkThumper');
  b.sequence('AttackWhenSeen').condition('CanSeeEnemy', (c) => c.getState('CanSeeEnemy') === 1);
  b.select('AttackEnemy');
  const attackEnemy = b.pointer as Parameters<typeof b.compoundTask>[0];
  b.sequence('WithTrunk').condition('TrunkHealth > 0', (c) => c.getState('TrunkHealth') > 0);
  b.action('NavigateToEnemy')
    .do(ok)
    .effect('Location', PLAN, (c, t) => c.setState('Location', Loc.Enemy, false, t ?? PLAN))
    .end();
  b.action('DoTrunkSlam')
    .do(ok)
    .effect('TrunkHealth', PLAN, (c, t) => c.setState('TrunkHealth', c.getState('TrunkHealth') - 1, false, t ?? PLAN))
    .end();
  b.end();
  b.sequence('GetTrunk');
  b.action('FindTrunk').do(ok).end();
  b.action('NavigateToTrunk')
    .do(ok)
    .effect('Location', PLAN, (c, t) => c.setState('Location', Loc.Trunk, false, t ?? PLAN))
    .end();
  b.action('UprootTrunk')
    .do(ok)
    .effect('TrunkHealth', PLAN, (c, t) => c.setState('TrunkHealth', 3, false, t ?? PLAN))
    .end();
  b.compoundTask(attackEnemy).end();
  b.end(); // GetTrunk
  b.end(); // AttackEnemy
  b.end(); // AttackWhenSeen
  b.sequence('RegainLOS').condition('HasSeenEnemyRecently', (c) => c.getState('HasSeenEnemyRecently') === 1);
  b.action('NavToLastEnemyLoc')
    .do(ok)
    .effect('Location', PLAN, (c, t) => c.setState('Location', Loc.LastEnemyLoc, false, t ?? PLAN))
    .effect('CanSeeEnemy (expected)', PLAN, (c, t) => c.setState('CanSeeEnemy', 1, false, t ?? PLAN))
    .end();
  b.action('RegainLOSRoar')
    .condition('CanSeeEnemy', (c) => c.getState('CanSeeEnemy') === 1)
    .do(ok)
    .end();
  b.end();
  b.sequence('Patrol');
  b.action('ChooseBridgeToCheck').do(ok).end();
  b.action('NavigateToBridge')
    .do(ok)
    .effect('Location', PLAN, (c, t) => c.setState('Location', Loc.Bridge, false, t ?? PLAN))
    .end();
  b.action('CheckBridge').do(ok).end();
  b.end();
  b.end(); // BeTrunkThumper
  const domain = b.build();
  const ctx = new Context<TrollWorld>({
    CanSeeEnemy: start.CanSeeEnemy ? 1 : 0,
    HasSeenEnemyRecently: start.HasSeenEnemyRecently ? 1 : 0,
    TrunkHealth: start.TrunkHealth,
    Location: Loc.Bridge,
  });
  ctx.init();
  return () => {
    const result = domain.findPlan(ctx);
    return result.status === 'succeeded' ? result.plan.map((t) => t.Name) : null;
  };
}
