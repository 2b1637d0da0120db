import fc from 'fast-check';
import { ChangeSource, EffOp, applyEffects, bool, createState, defineActions, defineSchema, enumOf, eq, firstFailing, set } from '@dualplan/world-state';
import { wideHas } from '../domain/cellSet.js';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { randomDomain } from '../examples/index.js';
import { MutexPruning } from './MutexPruning.js';

/** One hand, two balls: the hand is empty exactly when no ball is held, and it holds one ball at most. */
const FLOOR = 0;
const HELD = 1;
const BOX = 2;

function hand() {
  const schema = defineSchema({ handEmpty: bool(), a: enumOf(['floor', 'held', 'box'] as const), b: enumOf(['floor', 'held', 'box'] as const) });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'pickA', conditions: [eq(k.handEmpty, true), eq(k.a, FLOOR)], effects: [set(k.handEmpty, false), set(k.a, HELD)] },
    { name: 'pickB', conditions: [eq(k.handEmpty, true), eq(k.b, FLOOR)], effects: [set(k.handEmpty, false), set(k.b, HELD)] },
    { name: 'boxA', conditions: [eq(k.a, HELD)], effects: [set(k.handEmpty, true), set(k.a, BOX)] },
    { name: 'boxB', conditions: [eq(k.b, HELD)], effects: [set(k.handEmpty, true), set(k.b, BOX)] },
  ]);
  const domain = compileGoapDomain(actions, {
    goals: [
      { name: 'both', conditions: [eq(k.a, BOX), eq(k.b, BOX)] },
      { name: 'impossible', conditions: [eq(k.a, HELD), eq(k.b, HELD)] },
    ],
  });
  return { domain, schema };
}

/** The hand with each ball's place an enum of 40 values (a multi-word field; places 3-39 are never used). */
function wideHand() {
  const places = ['floor', 'held', 'box', ...Array.from({ length: 37 }, (_, i) => `shelf${i}`)];
  const schema = defineSchema({ handEmpty: bool(), a: enumOf(places), b: enumOf(places) });
  const k = schema.keys;
  const actions = defineActions(schema, [
    { name: 'pickA', conditions: [eq(k.handEmpty, true), eq(k.a, FLOOR)], effects: [set(k.handEmpty, false), set(k.a, HELD)] },
    { name: 'pickB', conditions: [eq(k.handEmpty, true), eq(k.b, FLOOR)], effects: [set(k.handEmpty, false), set(k.b, HELD)] },
    { name: 'boxA', conditions: [eq(k.a, HELD)], effects: [set(k.handEmpty, true), set(k.a, BOX)] },
    { name: 'boxB', conditions: [eq(k.b, HELD)], effects: [set(k.handEmpty, true), set(k.b, BOX)] },
  ]);
  const domain = compileGoapDomain(actions, {
    goals: [
      { name: 'both', conditions: [eq(k.a, BOX), eq(k.b, BOX)] },
      { name: 'impossible', conditions: [eq(k.a, HELD), eq(k.b, HELD)] },
    ],
  });
  return { domain, schema };
}

/**
 * The excluded pairs after the start states `starts`, the plain way: every cross-cell pair of values, less the pairs
 * a start holds, then whole passes over all actions and all values until a pass drops nothing. `[p][q]` = excluded.
 */
function referencePairs(d: GoapDomain, starts: ArrayLike<number>[]): boolean[][] {
  const size = d.schema.size;
  const base: number[] = [];
  const cellOf: number[] = [];
  for (let c = 0; c < size; c++) {
    base.push(d.isInt[c] === 1 ? -1 : cellOf.length);
    if (d.isInt[c] === 0) for (let v = 0; v <= d.schema.max[c]; v++) cellOf.push(c);
  }
  const nf = cellOf.length;
  const mx = Array.from({ length: nf }, (_, p) => Array.from({ length: nf }, (_, q) => cellOf[p] !== cellOf[q]));
  const allowed = (a: number, c: number, v: number): boolean => {
    for (let t = d.touchStart[a]; t < d.touchStart[a + 1]; t++) {
      const k = t * Touch.size;
      if (d.touch[k + Touch.cell] !== c) continue;
      const mask = d.touch[k + Touch.allowA];
      if (!(d.wide[c] === 1 ? wideHas(d.sets, mask, v) : ((mask >>> v) & 1) === 1)) return false;
    }
    return true;
  };
  const conditionCells = (a: number) => {
    const cells = new Set<number>();
    for (let t = d.touchStart[a]; t < d.touchStart[a + 1]; t++) cells.add(d.touch[t * Touch.size + Touch.cell]);
    // Cells whose condition allows every value say nothing.
    return [...cells].filter((c) => d.isInt[c] === 0 && Array.from({ length: d.schema.max[c] + 1 }, (_, v) => v).some((v) => !allowed(a, c, v)));
  };
  for (const values of starts) {
    for (let c = 0; c < size; c++)
      for (let c2 = 0; c2 < size; c2++) if (c !== c2 && base[c] >= 0 && base[c2] >= 0) mx[base[c] + values[c]][base[c2] + values[c2]] = false;
    for (let changed = true; changed;) {
      changed = false;
      for (let a = 0; a < d.actionCount; a++) {
        const sets: number[] = [];
        const written = new Set<number>();
        for (let t = d.effectStart[a]; t < d.touchStart[a + 1]; t++) {
          const k = t * Touch.size;
          const c = d.touch[k + Touch.cell];
          written.add(c);
          if (d.isInt[c] === 0 && d.touch[k + Touch.effOp] === EffOp.Set) sets.push(base[c] + d.touch[k + Touch.effValue]);
        }
        // q may hold with the action's conditions: its own cell's condition allows it, every other condition allows a value not excluded with q.
        const mayHold = (q: number) =>
          conditionCells(a).every((c) =>
            c === cellOf[q]
              ? allowed(a, c, q - base[c])
              : Array.from({ length: d.schema.max[c] + 1 }, (_, v) => v).some((v) => allowed(a, c, v) && !mx[q][base[c] + v]),
          );
        for (const p of sets)
          for (let q = 0; q < nf; q++) {
            if (!mx[p][q]) continue;
            if (sets.includes(q) || (!written.has(cellOf[q]) && mayHold(q))) {
              mx[p][q] = mx[q][p] = false;
              changed = true;
            }
          }
      }
    }
  }
  return mx;
}

describe('MutexPruning', () => {
  test('deadBits: per needed value, the actions that leave its key alone but need a value excluded with it', () => {
    const { domain, schema } = hand();
    const m = MutexPruning.of(domain)!;
    expect(m.admit(createState(schema, { handEmpty: true }).values)).toBe(true);
    // Facts in cell order: handEmpty false/true (0, 1), a floor/held/box (2-4), b floor/held/box (5-7); actions pickA, pickB, boxA, boxB.
    const fact = (cell: number, value: number) => [0, 2, 5][cell] + value;
    const dead = (f: number) => ['pickA', 'pickB', 'boxA', 'boxB'].filter((_, a) => (m.deadBits![f] >>> a) & 1);
    // Ball a held: picking b needs an empty hand, boxing b needs b held; both exclude a in the hand. pickA and boxA set a.
    expect(dead(fact(1, HELD))).toEqual(['pickB', 'boxB']);
    expect(dead(fact(2, HELD))).toEqual(['pickA', 'boxA']);
    // Nothing excludes a ball on the floor or in the box, and every action sets handEmpty.
    expect(dead(fact(1, FLOOR))).toEqual([]);
    expect(dead(fact(1, BOX))).toEqual([]);
    expect(dead(fact(0, 1))).toEqual([]);
  });

  test('enums of more than 32 values take part: the wide hand prunes the two held balls at once too', () => {
    const { domain, schema } = wideHand();
    expect(domain.wide[schema.cellOf(schema.keys.a)]).toBe(1);
    const m = MutexPruning.of(domain)!;
    expect(m.admit(createState(schema, { handEmpty: true }).values)).toBe(true);
    expect(m.holdsIn(createState(schema, { a: 'held', b: 'held', handEmpty: false }).values)).toBe(false);
    expect(m.holdsIn(createState(schema, { a: 'held', b: 'box', handEmpty: false }).values)).toBe(true);
    const p = new GoapPlanner(domain, { weight: 0 });
    p.engine.expansion.pruneInvariantsAfter(0);
    expect(p.search(createState(schema, { handEmpty: true }), 'impossible')).toMatchObject({ status: 'none', expanded: 1 });
    expect(p.search(createState(schema, { handEmpty: true }), 'both')).toMatchObject({ status: 'found', cost: 4 });
  });

  test('finds the cross-key invariants of the hand (held ball vs empty hand, two held balls) and checks them on start states', () => {
    const { domain, schema } = hand();
    const m = MutexPruning.of(domain)!;
    expect(m).not.toBeNull();
    expect(m.admit(createState(schema, { handEmpty: true }).values)).toBe(true);
    // handEmpty=true × a=held, handEmpty=true × b=held, a=held × b=held
    expect(m.pairs).toBe(3);
    expect(MutexPruning.of(domain)).toBe(m);
    expect(m.holdsIn(createState(schema, { handEmpty: true, b: 'box' }).values)).toBe(true);
    expect(m.holdsIn(createState(schema, { a: 'held', b: 'held', handEmpty: false }).values)).toBe(false);
  });

  test('a regressed goal that needs two exclusive values is dead: no plan for both balls held, after one expansion', () => {
    const { domain, schema } = hand();
    const p = new GoapPlanner(domain, { weight: 0, trace: true });
    // Pruning starts after 16 expansions (tiny searches skip its cost): from the root here.
    p.engine.expansion.pruneInvariantsAfter(0);
    const r = p.search(createState(schema, { handEmpty: true }), 'impossible');
    expect(r.status).toBe('none');
    expect(r.expanded).toBe(1);
    expect(p.trace!.considered.find((c) => c.action === 'pickA')).toMatchObject({ verdict: 'unreachable', detail: expect.stringContaining('state invariant') });
    // Without pruning the same search regresses further before it runs dry.
    const unpruned = new GoapPlanner(domain, { weight: 0 });
    unpruned.engine.expansion.pruneInvariantsAfter(-1);
    expect(unpruned.search(createState(schema, { handEmpty: true }), 'impossible')).toMatchObject({ status: 'none', expanded: 3 });
    // A start that breaks an invariant drops it (the pairs it holds), and the search still answers.
    const odd = createState(schema, { a: 'held', b: 'floor', handEmpty: true });
    expect(p.search(odd, 'both').status).toBe('found');
    expect(p.search(odd, 'both').cost).toBe(3);
  });

  test('property: on random domains, every state reached by a random walk from the start keeps the invariants found for it', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.nat(), { maxLength: 30 }), (seed, choices) => {
        const rd = randomDomain(seed, { actions: 6 + (seed % 6) });
        const m = MutexPruning.of(rd.domain);
        let s = createState(rd.domain.schema, rd.start);
        if (m === null || !m.admit(s.values)) return true;
        checked++;
        for (const c of choices) {
          const ok = rd.domain.steps.filter((step) => firstFailing(step.conditions, s) < 0);
          if (ok.length === 0) break;
          const t = s.clone();
          if (applyEffects(ok[c % ok.length].effects, t, undefined, ChangeSource.Planning) >= 0) continue;
          s = t;
          if (!m.holdsIn(s.values)) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  test('property: the incremental fixpoint excludes exactly the pairs of whole passes over all actions, start state after start state', () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (seed, wideEnum, walks) => {
        const rd = randomDomain(seed, { actions: 5 + (seed % 8), enumValues: wideEnum ? 40 : 3 });
        const m = MutexPruning.of(rd.domain);
        if (m === null) return true;
        // Start states: the domain's start, then states reached by short random walks (some break invariants found so far).
        const starts: ArrayLike<number>[] = [];
        let s = createState(rd.domain.schema, rd.start);
        for (const w of walks) {
          starts.push(s.values.slice());
          m.admit(s.values);
          const expected = referencePairs(rd.domain, starts);
          for (let p = 0; p < expected.length; p++) for (let q = 0; q < expected.length; q++) if (m.excluded(p, q) !== expected[p][q]) return false;
          compared++;
          for (let i = 0; i < 1 + (w % 5); i++) {
            const ok = rd.domain.steps.filter((step) => firstFailing(step.conditions, s) < 0);
            if (ok.length === 0) break;
            const t = s.clone();
            if (applyEffects(ok[(w + i) % ok.length].effects, t, undefined, ChangeSource.Planning) < 0) s = t;
          }
          // A state no walk reaches: random values, which may break invariants and make the fixpoint run again.
          if (w % 3 === 0) for (let c = 0; c < s.values.length; c++) if (rd.domain.isInt[c] === 0) s.values[c] = (w + c) % (rd.domain.schema.max[c] + 1);
        }
        return true;
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(300);
  });
});
