import { bool, defineActions, defineSchema, eq, gt, int, lt, set, sub, type Schema } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';

/** The keys of the cover example: under fire, in cover, ammo (0..6), and whether the enemy is suppressed. */
export const coverSpec = {
  UnderFire: bool(),
  InCover: bool(),
  Ammo: int(0, 6),
  Suppressed: bool(),
} as const;

/** The cover example's world state. */
export type CoverSchema = Schema<typeof coverSpec>;

/** A new cover schema. */
export function coverSchema(): CoverSchema {
  return defineSchema(coverSpec);
}

/** The cover example's actions: legs (`RunToCover`, `Patrol`) and arms (`Reload`, `Shoot`). */
export function coverActions(schema: CoverSchema = coverSchema()) {
  const k = schema.keys;
  return defineActions(schema, [
    { name: 'RunToCover', operator: 'move', conditions: [eq(k.InCover, false)], effects: [set(k.InCover, true)] },
    { name: 'Reload', operator: 'reload', conditions: [lt(k.Ammo, 6)], effects: [set(k.Ammo, 6)] },
    { name: 'Shoot', operator: 'shoot', conditions: [gt(k.Ammo, 0), eq(k.InCover, true)], effects: [sub(k.Ammo, 1), set(k.Suppressed, true)] },
    { name: 'Patrol', operator: 'move' },
  ]);
}

/** The cover example's action set. */
export type CoverActions = ReturnType<typeof coverActions>;

/**
 * "Walk to cover while reloading" as one plan. Under fire and out of cover,
 * `TakeCover` is a **parallel** task: the primary branch runs to cover while the
 * secondary branch reloads (when the magazine is not full), then the soldier
 * shoots. The branches touch different keys (`InCover` against `Ammo`), so they
 * obey the key-conflict rule. With `{ parallel: false }` the same behaviour is
 * written with plain methods (`RunToCover`, then reload): the same steps, in one sequence.
 * @example
 * const planner = new HtnPlanner(coverHtnDomain());
 * const plan = planner.plan(createState(coverSchema(), { UnderFire: true, Ammo: 1 })).plan!;
 * // steps RunToCover | Reload, Shoot; plan.parallel: [{ task: 'TakeCover', start: 0, split: 1, end: 2 }]
 */
export function coverHtnDomain(
  actions: CoverActions = coverActions(),
  options: { parallel?: boolean } = {},
): HtnDomain<CoverSchema, CoverActions['operators'][number]> {
  const b = htnDomainBuilder(actions, 'cover')
    .compound('Fight')
    .method((k) => [eq(k.UnderFire, true), eq(k.InCover, false)], 'TakeCoverAndShoot')
    .task('TakeCover')
    .task('Shoot')
    .back()
    .method((k) => [eq(k.UnderFire, true)], 'ShootFromCover')
    .task('TopUp')
    .task('Shoot')
    .back()
    .method([], 'Patrol')
    .task('Patrol')
    .end()
    .compound('TopUp')
    .method((k) => [lt(k.Ammo, 6)], 'Reload')
    .task('Reload')
    .back()
    .method([], 'Full')
    .end();
  if (options.parallel === false) b.compound('TakeCover').method([], 'Sequence').task('RunToCover').task('TopUp').end();
  else b.parallel('TakeCover', ['RunToCover'], ['TopUp']);
  return b.build();
}
