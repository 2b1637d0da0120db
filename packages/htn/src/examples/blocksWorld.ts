import { bool, createState, defineSchema, int, mulberry32, type ConditionDef, type EffectDef, type WorldState, defineActions } from '@dualplan/world-state';
import { compileHtnDomain } from '../domain/compileHtnDomain.js';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { SubtaskDef } from '../domain/HtnDomainDef.js';

/**
 * Blocks-world state for `n` blocks: `pos[b]` is 0 (on the table), `c + 1`
 * (on block c) or `n + 1` (held); `clear[b]`; `holding` is 0 or `b + 1`.
 */
export function blocksSchema(n: number) {
  return defineSchema({
    pos: int(0, n + 1, 0, { slots: n }),
    clear: bool(true, { slots: n }),
    holding: int(0, n),
  });
}

/** The schema type of {@link blocksSchema}. */
export type BlocksSchema = ReturnType<typeof blocksSchema>;

/** A blocks-world problem: the start state and the goal positions (same encoding as `pos`). */
export interface BlocksProblem {
  readonly n: number;
  readonly schema: BlocksSchema;
  readonly domain: HtnDomain<BlocksSchema>;
  readonly state: WorldState<any>;
  readonly goal: readonly number[];
  /** Plan request for the root task: `{ root: 'move_blocks', args: [goal] }`. */
  readonly request: { readonly root: string; readonly args: readonly unknown[] };
}

const posKey = (b: number) => ({ key: 'pos', index: b });
const clearKey = (b: number) => ({ key: 'clear', index: b });

/**
 * The classic blocks-world HTN (the method structure of Pyhop/GTPyhop's
 * `blocks_htn`): `move_blocks` repeatedly moves a clear block either straight
 * to its final place or out of the way to the table, then recurses. Subtasks are
 * computed from the state, iterating over the blocks; primitives are
 * parameterised (`pickup(b)`, `unstack(b, c)`, `putdown(b)`, `stack(b, c)`).
 * @example
 * const p = blocksProblem(19, 7);
 * const outcome = new HtnPlanner(p.domain, { maxDepth: 100_000 }).plan(p.state, undefined, p.request);
 */
export function blocksDomain(n: number, schema: BlocksSchema = blocksSchema(n)): HtnDomain<BlocksSchema> {
  const HELD = n + 1;
  const TABLE = 0;
  const pos = (s: WorldState<any>, b: number) => s.values[b];
  const clear = (s: WorldState<any>, b: number) => s.values[n + b] === 1;
  // A block is done when it and everything under it are where the goal wants them.
  const isDone = (s: WorldState<any>, goal: readonly number[], b: number): boolean => {
    for (let x = b; ;) {
      if (goal[x] !== pos(s, x)) return false;
      const under = pos(s, x);
      if (under === TABLE) return true;
      x = under - 1;
    }
  };
  const status = (s: WorldState<any>, goal: readonly number[], b: number): 'done' | 'inaccessible' | 'move-to-table' | 'move-to-block' | 'waiting' => {
    if (isDone(s, goal, b)) return 'done';
    if (!clear(s, b)) return 'inaccessible';
    if (goal[b] === TABLE) return 'move-to-table';
    const target = goal[b] - 1;
    if (isDone(s, goal, target) && clear(s, target)) return 'move-to-block';
    return 'waiting';
  };
  const moveBlocks = (s: WorldState<any>, _ctx: unknown, args: readonly unknown[]): SubtaskDef[] => {
    const goal = args[0] as readonly number[];
    for (let b = 0; b < n; b++) {
      if (!clear(s, b) || pos(s, b) === HELD) continue;
      const st = status(s, goal, b);
      if (st === 'move-to-table')
        return [
          { task: 'move_one', args: [b, TABLE] },
          { task: 'move_blocks', args },
        ];
      if (st === 'move-to-block')
        return [
          { task: 'move_one', args: [b, goal[b]] },
          { task: 'move_blocks', args },
        ];
    }
    for (let b = 0; b < n; b++) {
      if (clear(s, b) && status(s, goal, b) === 'waiting' && pos(s, b) !== TABLE)
        return [
          { task: 'move_one', args: [b, TABLE] },
          { task: 'move_blocks', args },
        ];
    }
    return [];
  };
  const c = (b: number, op: '==', value: number | boolean): ConditionDef => ({ ...b2k(b), op, value });
  const b2k = (b: number) => posKey(b);
  const cl = (b: number, value: boolean): ConditionDef => ({ ...clearKey(b), op: '==', value });
  const setPos = (b: number, value: number): EffectDef => ({ ...posKey(b), op: 'set', value });
  const setClear = (b: number, value: boolean): EffectDef => ({ ...clearKey(b), op: 'set', value });
  const hold = (value: number): EffectDef => ({ key: 'holding', op: 'set', value });
  const handEmpty: ConditionDef = { key: 'holding', op: '==', value: 0 };
  const num = (args: readonly unknown[], i: number) => args[i] as number;
  return compileHtnDomain(
    defineActions(schema, [
      {
        name: 'pickup',
        conditions: (a) => [c(num(a, 0), '==', TABLE), cl(num(a, 0), true), handEmpty],
        effects: (a) => [setPos(num(a, 0), HELD), setClear(num(a, 0), false), hold(num(a, 0) + 1)],
      },
      {
        name: 'unstack',
        conditions: (a) => [c(num(a, 0), '==', num(a, 1) + 1), cl(num(a, 0), true), handEmpty],
        effects: (a) => [setPos(num(a, 0), HELD), setClear(num(a, 0), false), hold(num(a, 0) + 1), setClear(num(a, 1), true)],
      },
      {
        name: 'putdown',
        conditions: (a) => [c(num(a, 0), '==', HELD)],
        effects: (a) => [setPos(num(a, 0), TABLE), setClear(num(a, 0), true), hold(0)],
      },
      {
        name: 'stack',
        conditions: (a) => [c(num(a, 0), '==', HELD), cl(num(a, 1), true)],
        effects: (a) => [setPos(num(a, 0), num(a, 1) + 1), setClear(num(a, 0), true), setClear(num(a, 1), false), hold(0)],
      },
    ]),
    {
      name: `blocks-${n}`,
      root: 'move_blocks',
      tasks: [
        { kind: 'compound', name: 'move_blocks', methods: [{ name: 'm_moveblocks', subtasks: moveBlocks }] },
        {
          kind: 'compound',
          name: 'move_one',
          methods: [
            {
              name: 'm_move1',
              subtasks: (_s, _c, args) => [
                { task: 'get', args: [args[0]] },
                { task: 'put', args },
              ],
            },
          ],
        },
        {
          kind: 'compound',
          name: 'get',
          methods: [
            {
              name: 'm_get',
              subtasks: (s, _c, args) => {
                const b = num(args, 0);
                if (!clear(s, b)) return null;
                return pos(s, b) === TABLE ? [{ task: 'pickup', args: [b] }] : [{ task: 'unstack', args: [b, pos(s, b) - 1] }];
              },
            },
          ],
        },
        {
          kind: 'compound',
          name: 'put',
          methods: [
            {
              name: 'm_put',
              subtasks: (s, _c, args) => {
                const b = num(args, 0);
                if (s.values[2 * n] !== b + 1) return null;
                const dest = num(args, 1);
                return dest === TABLE ? [{ task: 'putdown', args: [b] }] : [{ task: 'stack', args: [b, dest - 1] }];
              },
            },
          ],
        },
      ],
    },
  );
}

/**
 * A random `n`-block problem (seeded, reproducible): blocks piled into random
 * towers at the start and again in the goal.
 * @example
 * const p = blocksProblem(50, 1);
 * const { plan } = new HtnPlanner(p.domain, { maxDepth: 100_000 }).plan(p.state, undefined, p.request);
 * plan?.steps.length; // a couple of hundred actions
 */
export function blocksProblem(n: number, seed = 1, domain: HtnDomain<BlocksSchema> = blocksDomain(n)): BlocksProblem {
  const rand = mulberry32(seed);
  const schema = domain.schema;
  const start = randomTowers(n, rand);
  const goal = randomTowers(n, rand);
  const state = createState(schema);
  for (let b = 0; b < n; b++) {
    state.values[b] = start[b];
    state.values[n + b] = 1;
  }
  for (let b = 0; b < n; b++) if (start[b] !== 0) state.values[n + start[b] - 1] = 0;
  state.values[2 * n] = 0;
  return { n, schema, domain, state, goal, request: { root: 'move_blocks', args: [goal] } };
}

/** Whether a state satisfies the goal positions. */
export function blocksSolved(state: WorldState<any>, goal: readonly number[]): boolean {
  for (let b = 0; b < goal.length; b++) if (state.values[b] !== goal[b]) return false;
  return true;
}

function randomTowers(n: number, rand: () => number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const pos = new Array<number>(n).fill(0);
  let below = -1;
  for (const b of order) {
    // Start a new tower with probability 1/3, else stack on the previous block.
    pos[b] = below < 0 || rand() < 1 / 3 ? 0 : below + 1;
    below = b;
  }
  return pos;
}
