import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  bool,
  check,
  createState,
  defineSchema,
  enumOf,
  eq,
  ge,
  int,
  le,
  ne,
  set,
  add,
  sub,
  type ConditionDef,
  type EffectDef,
  type KeySpec,
  type Schema,
  type Snapshot,
  type WorldState,
  type ActionDef,
} from '@dualplan/world-state';
import { compileHtnDomain, HtnPlanner, type CompoundDef, type HtnDomain, type SlotDef, type SubtaskDef } from '@dualplan/htn';
import { GoapPlanner, type GoalDef } from '@dualplan/goap';
import { compileDefinitions, loadDomain, saveDomain, type DomainDefinitions, type DomainRegistry } from './index.js';

// The functions random domains may use, registered by name: saving names them, loading resolves them.
const nOf = (s: WorldState) => s.values[s.schema.cellOf('n')];
const registry: DomainRegistry = {
  costs: { twice: () => 2, byN: (s) => 1 + nOf(s) },
  checks: { nBelow3: (s) => nOf(s) < 3 },
  priorities: { byN: (s) => nOf(s) },
  validity: { always: () => true },
};

/** A random domain spec as small integers (so fast-check can shrink it), built into definitions with key handles. */
const spec = fc.record({
  bools: fc.integer({ min: 1, max: 3 }),
  actions: fc.array(
    fc.record({
      conditions: fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { maxLength: 2 }),
      effects: fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { minLength: 1, maxLength: 2 }),
      cost: fc.nat(5),
      opaque: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  goal: fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { minLength: 1, maxLength: 2 }),
  methods: fc.array(fc.record({ condition: fc.option(fc.tuple(fc.nat(20), fc.nat(20))), subtasks: fc.array(fc.nat(20), { minLength: 1, maxLength: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  start: fc.array(fc.nat(20), { minLength: 6, maxLength: 6 }),
});

type Spec = typeof spec extends fc.Arbitrary<infer T> ? T : never;

/** With `slot`, the root's methods may also call the slot `Gap` (every seventh subtask index that would be an action). */
function build(s: Spec, slot = false): { defs: DomainDefinitions; start: Snapshot } {
  const keys: Record<string, KeySpec> = {};
  for (let i = 0; i < s.bools; i++) keys[`b${i}`] = bool();
  keys.e = enumOf(['X', 'Y', 'Z']);
  keys.n = int(0, 4);
  const schema: Schema = defineSchema(keys);
  const names = Object.keys(keys);
  const k = (i: number) => schema.cellOf(names[i % names.length]) as never;
  const condition = ([ki, v]: [number, number]): ConditionDef => {
    const name = names[ki % names.length];
    if (name === 'e') return (v % 2 ? eq : ne)(k(ki), (v % 3) as never);
    if (name === 'n') return (v % 2 ? ge : le)(k(ki), (v % 5) as never);
    return eq(k(ki), (v % 2 === 0) as never);
  };
  const effect = ([ki, v]: [number, number]): EffectDef => {
    const name = names[ki % names.length];
    if (name === 'e') return set(k(ki), (v % 3) as never);
    if (name === 'n') return v % 3 === 0 ? add(k(ki), 1 + (v % 2)) : v % 3 === 1 ? sub(k(ki), 1) : set(k(ki), (v % 5) as never);
    return set(k(ki), (v % 2 === 0) as never);
  };
  const uniqueCells = <T extends [number, number]>(list: T[]) =>
    list.filter((x, i) => list.findIndex((y) => y[0] % names.length === x[0] % names.length) === i);
  const actions: ActionDef[] = s.actions.map((a, i) => ({
    name: `act${i}`,
    ...(i % 2 ? { operator: `op${i % 3}`, args: [i, 'x'] } : {}),
    conditions: [...uniqueCells(a.conditions).map(condition), ...(a.opaque ? [check('nBelow3', registry.checks!.nBelow3)] : [])],
    effects: uniqueCells(a.effects).map(effect),
    cost: a.cost === 4 ? registry.costs!.twice : a.cost === 5 ? registry.costs!.byN : a.cost,
  }));
  const subtask = (n: number): SubtaskDef =>
    n % 7 === 6 ? 'Sub' : n % 7 === 5 ? { task: `act${n % actions.length}`, args: [n] } : slot && n % 7 === 4 ? 'Gap' : `act${n % actions.length}`;
  const tasks: (CompoundDef | SlotDef)[] = [
    ...(slot ? [{ kind: 'slot' as const, name: 'Gap' }] : []),
    {
      kind: 'compound',
      name: 'Root',
      methods: s.methods.map((m, i) => ({
        name: `m${i}`,
        ...(m.condition ? { conditions: [condition(m.condition)] } : {}),
        subtasks: m.subtasks.map(subtask),
      })),
    },
    { kind: 'compound', name: 'Sub', methods: [{ conditions: [condition([s.start[0], s.start[1]])], subtasks: ['act0'] }, { subtasks: [] }] },
  ];
  const goals: GoalDef[] = [
    { name: 'goal', conditions: uniqueCells(s.goal).map(condition) as never, priority: registry.priorities!.byN, valid: registry.validity!.always },
    { name: 'other', conditions: [condition(s.goal[0])] as never, priority: -1 },
  ];
  const start: Snapshot = {};
  names.forEach((name, i) => {
    const v = s.start[i % s.start.length];
    start[name] = name === 'e' ? ['X', 'Y', 'Z'][v % 3] : name === 'n' ? v % 5 : v % 2 === 0;
  });
  return { defs: { name: 'random', schema, actions, htn: { root: 'Root', tasks }, goals }, start };
}

type Summary = [status: string, steps: string[], cost: number] | string;
function plans(defs: DomainDefinitions, start: Snapshot): Summary[] {
  let domains;
  try {
    domains = compileDefinitions(defs);
  } catch (e) {
    return [`compile error ${(e as { code?: string }).code}`]; // contradictory conditions and the like: both sides must agree
  }
  const { htn, goap } = domains;
  const state = createState(defs.schema, start);
  const summary = (r: {
    status: string;
    plan: { steps: readonly { task: string; operator: string; args: readonly unknown[] }[]; cost: number } | null;
  }): Summary => [r.status, r.plan?.steps.map((s) => `${s.task}/${s.operator}(${s.args.join(',')})`) ?? [], r.plan?.cost ?? -1];
  // A slot is planned twice: empty, and plugged with a sub-domain that runs act0 if it can, else nothing.
  const plugged = (planner: HtnPlanner): HtnPlanner => {
    if (htn!.slots.length > 0) planner.plug('Gap', gapFiller(htn!));
    return planner;
  };
  return [
    summary(new HtnPlanner(htn!).plan(state)),
    summary(new HtnPlanner(htn!, { mode: 'best-first' }).plan(state)),
    summary(plugged(new HtnPlanner(htn!)).plan(state)),
    summary(plugged(new HtnPlanner(htn!, { mode: 'best-first' })).plan(state)),
    summary(new GoapPlanner(goap!, { maxExpansions: 2000 }).plan(state)),
    summary(new GoapPlanner(goap!, { maxExpansions: 2000 }).plan(state, undefined, { goal: 'other' })),
  ];
}

function gapFiller(htn: HtnDomain): HtnDomain {
  return compileHtnDomain(htn.actions, { root: 'Fill', tasks: [{ kind: 'compound', name: 'Fill', methods: [{ subtasks: ['act0'] }, { subtasks: [] }] }] });
}

describe('saveDomain / loadDomain round trip', () => {
  it('a saved then loaded random domain plans exactly as the original on both planners', () => {
    fc.assert(
      fc.property(spec, fc.boolean(), (s, slot) => {
        const { defs, start } = build(s, slot);
        const original = plans(defs, start);
        let text: string;
        try {
          text = JSON.stringify(saveDomain(defs, registry));
        } catch (e) {
          // Only definitions the compilers reject may fail to save (the saver normalises through the same checks).
          expect(original[0]).toMatch(/^compile error/);
          return;
        }
        if (typeof original[0] === 'string') {
          expect(() => loadDomain(text, registry)).toThrow();
          return;
        }
        const loaded = loadDomain(text, registry);
        expect(plans(loaded.definitions, start)).toEqual(original);
        // Saving what was loaded gives the same document again.
        expect(saveDomain(loaded.definitions, registry)).toEqual(JSON.parse(text));
      }),
      { numRuns: 100 },
    );
  });

  it('names the definition whose function is not in the registry', () => {
    const { defs } = build({
      bools: 1,
      actions: [{ conditions: [], effects: [[0, 0]], cost: 1, opaque: false }],
      goal: [[0, 0]],
      methods: [{ condition: null, subtasks: [0] }],
      start: [0, 0, 0, 0, 0, 0],
    });
    const withStranger = { ...defs, actions: [{ ...defs.actions[0], cost: () => 3 }] };
    expect(() => saveDomain(withStranger, registry)).toThrow(/\/actions\/0\/cost: "act0" uses a function that is not in the registry's costs/);
  });

  it('writes keys and values by name', () => {
    const { defs } = build({
      bools: 1,
      actions: [{ conditions: [[1, 1]], effects: [[1, 0]], cost: 1, opaque: false }],
      goal: [[2, 2]],
      methods: [{ condition: null, subtasks: [0] }],
      start: [0, 0, 0, 0, 0, 0],
    });
    const doc = saveDomain(defs, registry);
    expect(doc.keys).toEqual([
      { name: 'b0', kind: 'bool', default: false },
      { name: 'e', kind: 'enum', values: ['X', 'Y', 'Z'], default: 'X' },
      { name: 'n', kind: 'int', min: 0, max: 4, default: 0 },
    ]);
    expect(doc.actions[0]).toEqual({ name: 'act0', conditions: [{ key: 'e', op: '==', value: 'Y' }], effects: [{ key: 'e', op: 'set', value: 'X' }], cost: 1 });
  });
});
