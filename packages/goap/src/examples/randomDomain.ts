import {
  add,
  bool,
  compileConditions,
  createState,
  defineSchema,
  enumOf,
  eq,
  firstFailing,
  ge,
  int,
  isIn,
  le,
  mulberry32,
  ne,
  set,
  sub,
  type Condition,
  type Effect,
  type Snapshot,
  type ActionDef,
  defineActions,
} from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/** The size and shape of a domain made by {@link randomDomain}. */
export interface RandomDomainOptions {
  /** Boolean keys (default 4). */
  bools?: number;
  /** Add an enum key `e` (default true). */
  enumKey?: boolean;
  /**
   * Values of `e` (default 3: `X`, `Y`, `Z`). Larger enums (up to 1,024) are named `v0`, `v1`, ...;
   * conditions and effects then use four values drawn from the whole range, and also `in` and
   * `<=` / `>=`, so plans exist and cross word boundaries of multi-word fields.
   */
  enumValues?: number;
  /** Add an int key `n` in [0, 4] (default true). */
  intKey?: boolean;
  /** Actions (default: 5 to 9, from the seed). */
  actions?: number;
  /** Largest number of goal conditions (default 2). */
  goalConditions?: number;
  /** Largest effects per action (default 2). */
  maxEffects?: number;
  /** Action costs are integers in [minCost, maxCost] (default 1..4). */
  minCost?: number;
  maxCost?: number;
}

/** A generated domain with a goal and a start state, for property tests and benchmarks. */
export interface RandomDomain {
  readonly domain: GoapDomain;
  readonly goal: readonly Condition[];
  /** A random start state (goal name: `'goal'`). */
  readonly start: Snapshot;
}

/**
 * A small random GOAP domain from a seed (deterministic), for property tests
 * and benchmarks: bools, an enum and an int key; actions with up to two
 * conditions and `maxEffects` effects (set, add, sub); a goal of one to
 * `goalConditions` conditions, and a start state that does not satisfy it.
 * @example
 * const { domain, start } = randomDomain(42);
 * new GoapPlanner(domain, { weight: 0 }).plan(createState(domain.schema, start), 'goal');
 */
export function randomDomain(seed: number, options: RandomDomainOptions = {}): RandomDomain {
  const rand = mulberry32(seed);
  const pick = (n: number) => Math.floor(rand() * n);
  const nb = options.bools ?? 4;
  const spec: Record<string, ReturnType<typeof bool> | ReturnType<typeof int> | ReturnType<typeof enumOf>> = {};
  const names: string[] = [];
  for (let i = 0; i < nb; i++) names.push(`b${i}`);
  for (const n of names) spec[n] = bool();
  const ev = options.enumValues ?? 3;
  const enumNames = ev === 3 ? ['X', 'Y', 'Z'] : Array.from({ length: ev }, (_, i) => `v${i}`);
  // The values conditions and effects use (all three of the default enum: its draws stay as they were).
  const hot = ev === 3 ? [0, 1, 2] : Array.from({ length: 4 }, () => pick(ev));
  const hotValue = () => hot[pick(hot.length)];
  if (options.enumKey ?? true) {
    spec.e = enumOf(enumNames);
    names.push('e');
  }
  if (options.intKey ?? true) {
    spec.n = int(0, 4);
    names.push('n');
  }
  const schema = defineSchema(spec);
  const key = (n: string) => schema.cellOf(n) as never;
  const distinct = (count: number) => {
    const pool = [...names];
    const out: string[] = [];
    for (let i = 0; i < count && pool.length; i++) out.push(pool.splice(pick(pool.length), 1)[0]);
    return out;
  };
  const condition = (n: string, forGoal: boolean): Condition => {
    if (n === 'e') {
      if (ev !== 3) {
        const r = rand();
        if (r < 0.25) return isIn(key(n), [hotValue(), hotValue()] as never);
        if (r < 0.4) return rand() < 0.5 ? le(key(n), hotValue() as never) : ge(key(n), hotValue() as never);
      }
      return rand() < 0.7 ? eq(key(n), hotValue() as never) : ne(key(n), hotValue() as never);
    }
    if (n === 'n') return rand() < 0.5 ? ge(key(n), (forGoal ? 1 + pick(4) : pick(4)) as never) : le(key(n), pick(4) as never);
    return eq(key(n), (rand() < 0.5) as never);
  };
  const effect = (n: string): Effect => {
    if (n === 'e') return set(key(n), hotValue() as never);
    if (n === 'n') {
      const r = rand();
      return r < 0.4 ? add(key(n), 1 + pick(2)) : r < 0.7 ? sub(key(n), 1 + pick(2)) : set(key(n), pick(5) as never);
    }
    return set(key(n), (rand() < 0.5) as never);
  };
  const count = options.actions ?? 5 + pick(5);
  const minCost = options.minCost ?? 1;
  const maxCost = options.maxCost ?? 4;
  const actions: ActionDef[] = [];
  for (let i = 0; i < count; i++) {
    actions.push({
      name: `act${i}`,
      conditions: distinct(pick(3)).map((n) => condition(n, false)),
      effects: distinct(1 + pick(options.maxEffects ?? 2)).map(effect),
      cost: minCost + pick(maxCost - minCost + 1),
    });
  }
  const goal = distinct(1 + pick(options.goalConditions ?? 2)).map((n) => condition(n, true));
  // A start state that does not already satisfy the goal (when one is found in a few tries).
  const goalList = compileConditions(schema, goal);
  let start: Snapshot = {};
  for (let tries = 0; tries < 20; tries++) {
    start = {};
    for (const n of names) start[n] = n === 'e' ? enumNames[hotValue()] : n === 'n' ? pick(5) : rand() < 0.5;
    if (firstFailing(goalList, createState(schema, start)) >= 0) break;
  }
  return { domain: compileGoapDomain(defineActions(schema, actions), { goals: [{ name: 'goal', conditions: goal }] }), goal, start };
}
