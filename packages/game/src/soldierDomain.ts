import { bool, check, defineActions, defineSchema, eq, set, type ActionDef } from '@dualplan/world-state';
import { GoapPlanner, compileGoapDomain, goapAgentPlanner } from '@dualplan/goap';
import type { AgentPlanner } from '@dualplan/world-state';
import { goapPlanCodec } from '@dualplan/goap';
import type { PoolDomain } from '@dualplan/runner/worker';
import { TargetTable, type PlainTargetTable } from './TargetTable.js';

/** Cover candidates a soldier weighs per planning request (the slots of its {@link TargetTable}). */
export const COVER_SLOTS = 4;

/** The squad soldier's keys: in cover, gun loaded, enemy (the troll) visible and suppressed, flanking. */
export function squadSchema() {
  return defineSchema({
    InCover: bool(),
    Loaded: bool(),
    EnemyVisible: bool(),
    EnemySuppressed: bool(),
    Flanking: bool(),
  });
}

/** The squad soldier's schema. */
export type SquadSchema = ReturnType<typeof squadSchema>;

/**
 * The squad soldier's actions: one `TakeCover` written once and instantiated per candidate slot (operator
 * `takeCover`, args `[slot]`, cost from the slot's path length in the request's {@link TargetTable}), plus
 * reload, shoot from cover, flank and shoot, and patrol. Each slot's procedural check `has cover candidate i`
 * holds when the planning context (the request's table) fills that slot; at run time the context is the
 * agent's own, so the check passes and the bound entity is checked by the operator instead.
 * @example
 * const actions = squadActions(); // TakeCover0..3, Reload, Shoot, Flank, ShootFlanking, Patrol
 */
export function squadActions(schema: SquadSchema = squadSchema()) {
  const k = schema.keys;
  const cover: ActionDef<TargetTable>[] = Array.from({ length: COVER_SLOTS }, (_, slot) => ({
    name: `TakeCover${slot}`,
    operator: 'takeCover',
    args: [slot],
    conditions: [check(`has cover candidate ${slot}`, (_s, ctx: unknown) => !(ctx instanceof TargetTable) || ctx.entity(slot) !== null), eq(k.InCover, false)],
    effects: [set(k.InCover, true), set(k.Flanking, false)],
    // Path length in tiles from the query cache, scaled: a cover 10 tiles away costs 2.
    cost: (_s: unknown, ctx: TargetTable) => 1 + ctx.cost(slot) / 10,
  }));
  return defineActions(schema, [
    ...cover,
    { name: 'Reload', operator: 'reload', conditions: [eq(k.Loaded, false)], effects: [set(k.Loaded, true)] },
    {
      name: 'Shoot',
      operator: 'shoot',
      conditions: [eq(k.Loaded, true), eq(k.InCover, true), eq(k.EnemyVisible, true)],
      effects: [set(k.EnemySuppressed, true), set(k.Loaded, false)],
    },
    { name: 'Flank', operator: 'flank', conditions: [eq(k.EnemyVisible, true)], effects: [set(k.Flanking, true)], cost: 6 },
    {
      name: 'ShootFlanking',
      operator: 'shoot',
      conditions: [eq(k.Loaded, true), eq(k.Flanking, true), eq(k.EnemyVisible, true)],
      effects: [set(k.EnemySuppressed, true), set(k.Loaded, false)],
    },
    { name: 'Patrol', operator: 'patrol', expectedEffects: [set(k.EnemyVisible, true)], cost: 3 },
  ] as const);
}

/**
 * The squad soldier's GOAP planner: goal `Suppress` (the troll suppressed), the inner planner a
 * {@link TargetingPlanner} wraps. Its costs read the {@link TargetTable} passed as the planning context.
 * @example
 * const inner = squadPlanner(); // inner.plan(state, table, null)
 */
export function squadPlanner(): AgentPlanner<TargetTable> {
  return goapAgentPlanner(new GoapPlanner<TargetTable>(squadDomain()));
}

/** The squad soldier's compiled GOAP domain (goal `Suppress`). */
export function squadDomain() {
  const actions = squadActions();
  const k = actions.schema.keys;
  return compileGoapDomain(actions, { goals: [{ name: 'Suppress', conditions: [eq(k.EnemySuppressed, true)], priority: 1 }] });
}

/**
 * The squad planner as a worker pool's domain (for `servePlanners` in a worker script): the request's
 * {@link TargetTable} arrives as plain data (the pooled planner's `ctx` option sends `table.toPlain()`).
 * @example
 * servePlanners({ soldier: squadPoolDomain });
 */
export function squadPoolDomain(): PoolDomain {
  const domain = squadDomain();
  const goap = goapAgentPlanner(new GoapPlanner<TargetTable>(domain));
  const planner: AgentPlanner<PlainTargetTable> = {
    kind: goap.kind,
    operators: goap.operators,
    plan: (state, plain, running) => goap.plan(state, TargetTable.fromPlain(plain), running),
    shouldReplace: (candidate, running) => goap.shouldReplace(candidate, running),
  };
  return { planner, codec: goapPlanCodec(domain), schema: domain.schema };
}
