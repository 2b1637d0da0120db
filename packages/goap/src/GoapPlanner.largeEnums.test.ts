import fc from 'fast-check';
import { compileConditions, createState, defineActions, defineSchema, enumOf, eq, firstFailing, isIn, set, bool } from '@dualplan/world-state';
import { compileGoapDomain } from './domain/compileGoapDomain.js';
import { BackwardIndex } from './search/BackwardIndex.js';
import { GoapPlanner } from './GoapPlanner.js';
import { whyNoPlan } from './diagnostics/whyNoPlan.js';
import type { GoapPlannerOptions } from './GoapPlannerOptions.js';
import { randomDomain } from './examples/index.js';
import { boundedOptimum, planNames, simulate } from './testUtil.js';

const rooms = Array.from({ length: 70 }, (_, i) => `r${i}`);

describe('GOAP over enums of more than 32 values (multi-word fields)', () => {
  // A corridor of 70 rooms: walk(i) moves from room i to i + 1 (needs the lamp beyond room 40);
  // teleport jumps from rooms {3, 33, 63} to room 68 at cost 5.
  const schema = defineSchema({ room: enumOf(rooms), lamp: bool() });
  const k = schema.keys;
  const actions = defineActions(schema, [
    ...rooms.slice(0, -1).map((_, i) => ({
      name: `walk${i}`,
      conditions: i >= 40 ? [eq(k.room, i), eq(k.lamp, true)] : [eq(k.room, i)],
      effects: [set(k.room, i + 1)],
      cost: 1,
    })),
    { name: 'teleport', conditions: [isIn(k.room, [3, 33, 63])], effects: [set(k.room, 68)], cost: 5 },
    { name: 'lamp', conditions: [isIn(k.room, [36, 37, 38])], effects: [set(k.lamp, true)], cost: 1 },
  ]);
  const domain = compileGoapDomain(actions, { goals: [{ name: 'end', conditions: [isIn(k.room, [68, 69])] }] });

  test('the field takes whole words of its own; goals and conditions regress word by word', () => {
    expect(domain.wide[schema.cellOf(k.room)]).toBe(1);
    expect(domain.words).toBe(4); // room: 3 words (70 values); lamp: 1
    for (const mode of ['backward', 'forward'] as const) {
      for (const [from, cost, first] of [
        [0, 8, 'walk0'],
        [34, 35, 'walk34'],
        [60, 8, 'walk60'],
        [66, 2, 'walk66'],
      ] as const) {
        const planner = new GoapPlanner(domain, { mode, optimal: true });
        const start = createState(schema, { room: from, lamp: from >= 40 });
        const r = planner.search(start, 'end');
        expect([mode, from, r.status, r.cost]).toEqual([mode, from, 'found', cost]);
        expect(planNames(domain, r)[0]).toBe(first);
        expect(firstFailing(planner.goalOf('end').conditions, simulate(domain, r, start))).toBe(-1);
      }
    }
  });

  test('why no plan names the large enum by its values', () => {
    const planner = new GoapPlanner(domain);
    const r = planner.search(createState(schema, { room: 69 }), 'end');
    expect(r.status).toBe('found');
    const none = new GoapPlanner(compileGoapDomain(actions, { goals: [{ name: 'back', conditions: [eq(k.room, 0)] }] }));
    expect(none.search(createState(schema, { room: 5 }), 'back').status).toBe('none');
    expect(whyNoPlan(none).summary).toContain('room == r0');
  });

  test('why no plan: a goal condition on the wide field that the start state meets is not listed as unmet', () => {
    // No action sets `flag`, so the goal fails on it alone; the room condition already holds in room 50.
    const s2 = defineSchema({ room: enumOf(rooms), flag: bool() });
    const acts = defineActions(s2, [{ name: 'walk', conditions: [eq(s2.keys.room, 0)], effects: [set(s2.keys.room, 50)], cost: 1 }]);
    const d = compileGoapDomain(acts, { goals: [{ name: 'stay', conditions: [eq(s2.keys.room, 50), eq(s2.keys.flag, true)] }] });
    for (const mode of ['backward', 'forward'] as const) {
      const p = new GoapPlanner(d, { mode, trace: true });
      expect(p.search(createState(s2, { room: 50 }), 'stay').status).toBe('none');
      const why = whyNoPlan(p);
      expect(why.unachievable.map((u) => u.condition)).toEqual(['flag == true']);
      expect(p.trace!.whyNoPlan!.unachievable.map((u) => u.condition)).toEqual(['flag == true']);
      // Not in room 50: the room condition is unmet too (walk achieves it, and needs room r0).
      expect(p.search(createState(s2, { room: 7 }), 'stay').status).toBe('none');
      expect(whyNoPlan(p).unachievable.map((u) => u.condition)).toContain('flag == true');
      expect(whyNoPlan(p).unachievable.map((u) => u.condition)).not.toContain('room == r50');
    }
  });

  const settings: readonly [string, GoapPlannerOptions][] = [
    ['backward, Dijkstra', { weight: 0 }],
    ['backward, count w = 0.5', { weight: 0.5 }],
    ['backward, h_max', { heuristic: 'max' }],
    ['backward, LM-cut', { heuristic: 'lmcut' }],
    ['backward, optimal: true', { optimal: true, mode: 'backward' }],
    ['backward, Dijkstra, invariant pruning from the root', { weight: 0, mutexAfter: 0 } as GoapPlannerOptions],
    ['backward, Dijkstra, invariant pruning from the root, action bitsets', { weight: 0, mutexAfter: 0, bitsets: true } as GoapPlannerOptions],
    ['forward, Dijkstra', { weight: 0, mode: 'forward' }],
    ['forward, h_max', { heuristic: 'max', mode: 'forward' }],
    ['forward, optimal: true', { optimal: true, mode: 'forward' }],
  ];
  test.each(settings)('property, %s: random domains with an enum of 33-100 values are planned optimally', (_, options) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 33, max: 100 }), (seed, values) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 5), enumValues: values });
        const start = createState(rd.domain.schema, rd.start);
        const best = boundedOptimum(rd.domain, start, compileConditions(rd.domain.schema, rd.goal), Infinity);
        const { mutexAfter, bitsets, ...rest } = options as GoapPlannerOptions & { mutexAfter?: number; bitsets?: boolean };
        const planner = new GoapPlanner(rd.domain, { ...rest, maxPlanLength: 300, maxExpansions: 1e6 });
        if (mutexAfter !== undefined) planner.engine.expansion.pruneInvariantsAfter(mutexAfter);
        // Action bitsets are built only where achiever lists are long; these small domains get them by force.
        if (bitsets) planner.engine.expansion.useBackwardIndex(new BackwardIndex(rd.domain, 'always'));
        const r = planner.search(start, 'goal');
        if (best === Infinity) return r.status === 'none';
        if (r.status !== 'found' || r.cost !== best) return false;
        return firstFailing(planner.goalOf('goal').conditions, simulate(rd.domain, r, start)) < 0;
      }),
      { numRuns: 150 },
    );
  });
});
