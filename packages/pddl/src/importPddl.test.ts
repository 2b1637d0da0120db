import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { GoapPlanner } from '@dualplan/goap';
import { applyEffects, checkConditions, compileConditions, compileEffects, createState, type WorldState } from '@dualplan/world-state';
import { importPddl, type PddlImport } from './importPddl.js';
import { solveExhaustive } from './solveExhaustive.js';
import { pddlErrorOf } from './testUtil.js';
import type { PddlDomain, PddlProblem } from './PddlDomain.js';
import {
  BLOCKS_DOMAIN,
  DUNGEON_DOMAIN,
  dungeonProblem,
  GRIPPER_DOMAIN,
  LOGISTICS_DOMAIN,
  MICONIC_DOMAIN,
  blocksProblem,
  gripperProblem,
  logisticsProblem,
  miconicProblem,
} from './domains/index.js';

/**
 * The PDDL semantics, written here independently of the grounder: instantiate
 * the lifted action by its arguments, check its precondition on a set of atom
 * strings, delete then add, and finally check the goal. Returns the plan's cost.
 */
function replay(domain: PddlDomain, problem: PddlProblem, steps: readonly { operator: string; args: readonly unknown[] }[]): number {
  const key = (pred: string, args: readonly string[]) => [pred, ...args].join(' ');
  const state = new Set(problem.init.map((a) => key(a.pred, a.args)));
  const costs = new Map(problem.numeric.map((f) => [key(f.fn, f.args), f.value]));
  let total = 0;
  for (const step of steps) {
    const action = domain.actions.find((a) => a.name === step.operator);
    if (!action) throw new Error(`no action ${step.operator}`);
    const args = step.args as string[];
    const sub = (xs: readonly string[]) => xs.map((x) => (x.startsWith('?') ? args[action.parameters.findIndex((p) => p.name === x)] : x));
    for (const l of action.precondition) {
      const a = sub(l.atom.args);
      const holds = l.atom.pred === '=' ? a[0] === a[1] : state.has(key(l.atom.pred, a));
      if (holds === l.negated)
        throw new Error(`(${step.operator} ${args.join(' ')}): precondition ${l.negated ? 'not ' : ''}(${l.atom.pred} ${a.join(' ')}) fails`);
    }
    for (const d of action.del) state.delete(key(d.pred, sub(d.args)));
    for (const x of action.add) state.add(key(x.pred, sub(x.args)));
    const c = action.cost;
    total += c === null ? (domain.requirements.includes(':action-costs') ? 0 : 1) : 'value' in c ? c.value : costs.get(key(c.fn, sub(c.args)))!;
  }
  for (const l of problem.goal)
    if (state.has(key(l.atom.pred, l.atom.args)) === l.negated) throw new Error(`goal (${l.atom.pred} ${l.atom.args.join(' ')}) fails`);
  return total;
}

/** Seeded instances of every bundled domain; `small` keeps the all-bools encoding's backward searches short. */
const instancesOf = (small: boolean) =>
  fc.oneof(
    fc
      .record({ n: fc.integer({ min: 1, max: small ? 3 : 4 }), seed: fc.nat() })
      .map(({ n, seed }) => [BLOCKS_DOMAIN, blocksProblem({ blocks: n, seed })] as const),
    fc
      .record({ n: fc.integer({ min: 1, max: small ? 2 : 3 }), rooms: fc.integer({ min: 2, max: small ? 2 : 3 }), seed: fc.nat() })
      .map(({ n, rooms, seed }) => [GRIPPER_DOMAIN, gripperProblem({ balls: n, rooms, seed })] as const),
    fc
      .record({ c: fc.integer({ min: 1, max: 2 }), s: fc.integer({ min: 1, max: 2 }), p: fc.integer({ min: 1, max: small ? 1 : 2 }), seed: fc.nat() })
      .map(({ c, s, p, seed }) => [LOGISTICS_DOMAIN, logisticsProblem({ cities: c, size: s, packages: p, seed })] as const),
    fc
      .record({ f: fc.integer({ min: 2, max: 4 }), p: fc.integer({ min: 1, max: small ? 2 : 3 }), seed: fc.nat() })
      .map(({ f, p, seed }) => [MICONIC_DOMAIN, miconicProblem({ floors: f, passengers: p, seed })] as const),
  );
const instances = instancesOf(false);
const withEncoding = fc.oneof(
  instancesOf(false).map((x) => [x, true] as const),
  instancesOf(true).map((x) => [x, false] as const),
);

const ROADS_DOMAIN = `(define (domain roads) (:requirements :strips :typing :action-costs)
      (:types city) (:predicates (at ?c - city) (road ?a ?b - city))
      (:functions (total-cost) - number (length ?a ?b - city) - number)
      (:action drive :parameters (?a ?b - city) :precondition (and (at ?a) (road ?a ?b))
        :effect (and (at ?b) (not (at ?a)) (increase (total-cost) (length ?a ?b)))))`;
const ROADS_PROBLEM = `(define (problem r) (:domain roads) (:objects a b c - city)
      (:init (at a) (road a b) (road b c) (road a c) (= (total-cost) 0) (= (length a b) 2) (= (length b c) 3) (= (length a c) 9))
      (:goal (at c)) (:metric minimize (total-cost)))`;

const trueAtoms = (imp: PddlImport, s: WorldState<any>): string[] => imp.task.atoms.filter((_, a) => s.getRaw(imp.cellOf[a]) === imp.valueOf[a]).sort();

describe('importPddl', () => {
  test('gripper with 4 balls: a GOAP domain over 7 cells whose optimal plan has 11 steps', () => {
    const imp = importPddl(GRIPPER_DOMAIN, gripperProblem({ balls: 4 }));
    expect(imp.task.atoms).toHaveLength(20);
    expect(imp.schema.size).toBe(7);
    const r = new GoapPlanner(imp.goap, { weight: 0, maxExpansions: 100_000 }).search(imp.start, imp.goalName);
    expect({ status: r.status, cost: r.cost }).toEqual({ status: 'found', cost: 11 });
    // merged-bool members are named by atom
    expect(imp.schema.member('(at ball1 rooma)')).toMatchObject({ key: '(at ball1 *) (carry ball1 *)' });
  });

  test('mutexGroups: false gives one bool per atom', () => {
    const imp = importPddl(GRIPPER_DOMAIN, gripperProblem({ balls: 2 }), { mutexGroups: false });
    expect(imp.schema.size).toBe(imp.task.atoms.length);
    expect(imp.groups).toEqual([]);
  });

  test('rejects a goal of two atoms of one mutex group', () => {
    const problem = gripperProblem({ balls: 1 }).replace('(:goal (and', '(:goal (and (at ball1 rooma)');
    const e = pddlErrorOf(() => importPddl(GRIPPER_DOMAIN, problem));
    expect(e.code).toBe('UNREACHABLE_GOAL');
    expect(e.message).toContain('(at ball1 roomb)');
  });

  test('property: the encoding steps in lock-step with STRIPS on random walks (same applicable actions, same atoms)', () => {
    fc.assert(
      fc.property(instances, fc.array(fc.nat(), { maxLength: 30 }), ([d, p], choices) => {
        const imp = importPddl(d, p);
        const lists = imp.actions.map((a) => ({
          pre: compileConditions(imp.schema, a.conditions),
          eff: compileEffects(imp.schema, a.effects),
          src: imp.task.actions[a.source],
        }));
        const s = createState(imp.schema);
        const strips = new Set(imp.task.init);
        for (const c of choices) {
          expect(trueAtoms(imp, s)).toEqual([...strips].map((a) => imp.task.atoms[a]).sort());
          const stripsOk = imp.task.actions
            .map((a, i) => i)
            .filter((i) => imp.task.actions[i].pre.every((x) => strips.has(x)) && imp.task.actions[i].preNeg.every((x) => !strips.has(x)));
          const goapOk = lists.filter((l) => checkConditions(l.pre, s)).map((l) => imp.task.actions.indexOf(l.src));
          expect(goapOk).toEqual(stripsOk);
          if (goapOk.length === 0) break;
          const pick = lists.find((l) => imp.task.actions.indexOf(l.src) === goapOk[c % goapOk.length])!;
          expect(applyEffects(pick.eff, s)).toBe(-1);
          for (const x of pick.src.del) strips.delete(x);
          for (const x of pick.src.add) strips.add(x);
        }
      }),
      { numRuns: 120 },
    );
  });

  // Dijkstra, LM-cut and the optimal preset (forward: the exact pattern database when it fits), within a binding
  // plan-length limit or not; backward search also prunes with the state invariants it finds.
  test('property: backward and forward GOAP with an admissible setting find the exhaustive optimum, and their plans replay under PDDL semantics', () => {
    const settings = [{ weight: 0 }, { heuristic: 'lmcut' }, { optimal: true }] as const;
    fc.assert(
      fc.property(withEncoding, fc.constantFrom(...settings), fc.constantFrom(undefined, 2, 4, 6), ([[d, p], groups], setting, limit) => {
        const imp = importPddl(d, p, { mutexGroups: groups });
        const best = solveExhaustive(imp.task, { maxLength: limit });
        for (const mode of ['backward', 'forward'] as const) {
          const planner = new GoapPlanner(imp.goap, { mode, ...setting, maxExpansions: 200_000, maxPlanLength: limit ?? 64 });
          const r = planner.search(imp.start, imp.goalName);
          if (best === null) {
            // None at all, or none within the limit (reported as the length budget).
            expect(r.status === 'none' || (r.status === 'budget' && r.budget === 'length')).toBe(true);
            continue;
          }
          expect(r.status).toBe('found');
          expect(r.cost).toBe(best.cost);
          expect(r.length).toBeLessThanOrEqual(limit ?? 64);
          expect(replay(imp.domain, imp.problem, planner.toPlan().steps)).toBe(best.cost);
        }
        if (best)
          expect(
            replay(
              imp.domain,
              imp.problem,
              best.actions.map((i) => ({ operator: imp.task.actions[i].schema, args: imp.task.actions[i].args })),
            ),
          ).toBe(best.cost);
      }),
      { numRuns: 120 },
    );
  });

  // The optimal preset's phases judge LM-cut on the frontier of a blind probe: on gripper (one bool per atom, no table
  // fits) LM-cut is flat, so a goal's first search dives, probes and finishes blind, and its next ones are blind search
  // from the start; on blocks world LM-cut's dive ends every search. The costs are blind search's either way.
  test("optimal: true's next searches of a goal follow what the first measured: blind on gripper, the dive on blocks world", () => {
    for (const [d, p, opening] of [
      [GRIPPER_DOMAIN, gripperProblem({ balls: 5 }), 'blind'],
      [BLOCKS_DOMAIN, blocksProblem({ blocks: 5, seed: 3 }), 'dive'],
    ] as const) {
      const imp = importPddl(d, p, { mutexGroups: false });
      const options = { mode: 'forward', maxExpansions: 200_000 } as const;
      const blind = new GoapPlanner(imp.goap, { ...options, weight: 0 }).search(imp.start, imp.goalName);
      const planner = new GoapPlanner(imp.goap, { ...options, optimal: true });
      const searches = [0, 1, 2].map(() => ({ ...planner.search(imp.start, imp.goalName) }));
      for (const r of searches) expect(r).toMatchObject({ status: 'found', cost: blind.cost });
      if (opening === 'blind') {
        expect(searches[0].expanded).toBeGreaterThan(blind.expanded);
        expect(searches.slice(1).map((r) => r.expanded)).toEqual([blind.expanded, blind.expanded]);
      } else expect(searches[1].expanded).toBe(searches[0].expanded);
    }
  });

  test('a mutex group of more than 32 atoms is one enum key (a multi-word field in GOAP nodes), planned exactly both ways', () => {
    const imp = importPddl(DUNGEON_DOMAIN, dungeonProblem({ rooms: 40, keys: 2, weapons: 1, guards: 1, treasures: 1, seed: 2 }));
    const at = imp.groups.find((g) => g.name === '(at *)')!;
    expect(at).toMatchObject({ exactlyOne: true });
    expect(at.atoms).toHaveLength(40);
    const keys = imp.schema.keyList.map((k) => k.name).filter((n) => n.startsWith('(at *)'));
    expect(keys).toEqual(['(at *)']);
    expect(imp.goap.wide[imp.schema.cellOf('(at *)')]).toBe(1);
    const best = solveExhaustive(imp.task, { maxStates: 200_000 });
    for (const mode of ['forward', 'backward'] as const) {
      const planner = new GoapPlanner(imp.goap, { mode, optimal: true, maxExpansions: 200_000 });
      expect(planner.search(imp.start, imp.goalName).cost).toBe(best!.cost);
      expect(replay(imp.domain, imp.problem, planner.toPlan().steps)).toBe(best!.cost);
    }
  });

  test('solveExhaustive with maxLength finds the cheapest plan of at most that many actions', () => {
    const imp = importPddl(ROADS_DOMAIN, ROADS_PROBLEM);
    expect(solveExhaustive(imp.task)).toMatchObject({ cost: 5, actions: [0, 2] });
    expect(solveExhaustive(imp.task, { maxLength: 1 })).toMatchObject({ cost: 9, actions: [1] });
    expect(solveExhaustive(imp.task, { maxLength: 0 })).toBeNull();
  });

  test('action costs: the cheaper detour wins, in the exhaustive search and in GOAP', () => {
    const imp = importPddl(ROADS_DOMAIN, ROADS_PROBLEM);
    expect(solveExhaustive(imp.task)).toMatchObject({ cost: 5 });
    const planner = new GoapPlanner(imp.goap, { weight: 0 });
    expect(planner.search(imp.start, imp.goalName).cost).toBe(5);
    expect(planner.toPlan().steps.map((s) => s.task)).toEqual(['(drive a b)', '(drive b c)']);
    expect(replay(imp.domain, imp.problem, planner.toPlan().steps)).toBe(5);
  });
});
