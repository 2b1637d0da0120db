import { describe, expect, test } from '@jest/globals';
import { DualplanError } from '@dualplan/world-state';
import { parseDomain } from './parseDomain.js';
import { parseProblem } from './parseProblem.js';
import { PddlError } from './PddlError.js';
import { pddlErrorOf } from './testUtil.js';
import { BLOCKS_DOMAIN, GRIPPER_DOMAIN, LOGISTICS_DOMAIN, MICONIC_DOMAIN } from './domains/index.js';

const ROADS = `(define (domain roads)
  (:requirements :strips :typing :action-costs)
  (:types city)
  (:predicates (at ?c - city) (road ?a ?b - city))
  (:functions (total-cost) - number (length ?a ?b - city) - number)
  (:action drive
    :parameters (?a ?b - city)
    :precondition (and (at ?a) (road ?a ?b))
    :effect (and (at ?b) (not (at ?a)) (increase (total-cost) (length ?a ?b)))))`;

describe('parseDomain', () => {
  test('reads the bundled domains: actions, typed parameters, preconditions and effects', () => {
    const g = parseDomain(GRIPPER_DOMAIN);
    expect(g.name).toBe('gripper');
    expect(g.actions.map((a) => a.name)).toEqual(['move', 'pick', 'drop']);
    const pick = g.actions[1];
    expect(pick.parameters.map((p) => `${p.name}:${p.type}`)).toEqual(['?b:ball', '?r:room', '?g:gripper']);
    expect(pick.precondition.map((l) => l.atom.pred)).toEqual(['at', 'at-robby', 'free']);
    expect(pick.add.map((a) => a.pred)).toEqual(['carry']);
    expect(pick.del.map((a) => a.pred)).toEqual(['at', 'free']);
    expect(pick.cost).toBeNull();
    const l = parseDomain(LOGISTICS_DOMAIN);
    expect(l.types).toMatchObject({ truck: 'vehicle', airplane: 'vehicle', vehicle: 'physobj', airport: 'place', city: 'object' });
    const m = parseDomain(MICONIC_DOMAIN);
    expect(m.actions[0].precondition.filter((x) => x.negated).map((x) => x.atom.pred)).toEqual(['boarded', 'served']);
    const b = parseDomain(BLOCKS_DOMAIN);
    expect(b.actions[2].precondition.find((x) => x.atom.pred === '=')).toMatchObject({ negated: true, atom: { args: ['?x', '?y'] } });
  });

  test('reads action costs: a constant or a static function of the parameters', () => {
    const d = parseDomain(ROADS);
    expect(d.functions).toEqual({ 'total-cost': [], length: ['city', 'city'] });
    expect(d.actions[0].cost).toEqual({ fn: 'length', args: ['?a', '?b'] });
    const c = parseDomain(ROADS.replace('(length ?a ?b)', '2.5'));
    expect(c.actions[0].cost).toEqual({ value: 2.5 });
  });

  test('is case-insensitive and ignores comments', () => {
    const d = parseDomain('; hi\n(DEFINE (Domain D) (:Predicates (P)) (:action A :effect (P))) ; end');
    expect(d.name).toBe('d');
    expect(d.actions[0].add[0].pred).toBe('p');
  });

  const cases: [string, string, string, string, number, number][] = [
    ['an unclosed parenthesis', '(define (domain d)\n  (:predicates (p)', 'SYNTAX', '(', 2, 3],
    ['a stray ")"', '(define (domain d)))', 'SYNTAX', ')', 1, 20],
    ['conditional effects', '(define (domain d) (:predicates (p) (q))\n (:action a :effect (when (p) (q))))', 'UNSUPPORTED', 'when', 2, 22],
    ['forall', '(define (domain d) (:predicates (p ?x))\n (:action a :precondition (forall (?x) (p ?x)) :effect (and)))', 'UNSUPPORTED', 'forall', 2, 28],
    ['an unsupported requirement', '(define (domain d)\n (:requirements :strips :fluents))', 'UNSUPPORTED', ':fluents', 2, 25],
    [
      'a misspelt predicate',
      '(define (domain d) (:predicates (holding ?x))\n (:action a :parameters (?x) :effect (holdng ?x)))',
      'UNKNOWN_NAME',
      'holdng',
      2,
      38,
    ],
    ['a wrong arity', '(define (domain d) (:predicates (p ?x))\n (:action a :parameters (?x) :effect (p ?x ?x)))', 'ARITY', 'p', 2, 38],
    ['an undeclared parameter', '(define (domain d) (:predicates (p ?x))\n (:action a :parameters (?x) :effect (p ?y)))', 'UNKNOWN_NAME', '?y', 2, 38],
    ['an unknown parameter type', '(define (domain d) (:types ball)\n (:action a :parameters (?x - bal) :effect (and)))', 'UNKNOWN_NAME', 'bal', 2, 26],
    ['a derived predicate', '(define (domain d)\n  (:derived (p) (q)))', 'UNSUPPORTED', ':derived', 2, 4],
    ['numeric preconditions', '(define (domain d) (:predicates (p))\n (:action a :precondition (> (fuel) 1) :effect (p)))', 'UNSUPPORTED', '>', 2, 28],
    ['functions without :action-costs', '(define (domain d)\n (:functions (total-cost)))', 'UNSUPPORTED', ':functions', 2, 3],
    [
      'an increase of another fluent',
      '(define (domain d) (:requirements :action-costs) (:predicates (p))\n (:action a :effect (increase (fuel) 1)))',
      'UNSUPPORTED',
      'increase',
      2,
      21,
    ],
  ];
  test.each(cases)('rejects %s with a typed error naming line, column and construct', (_, text, code, subject, line, column) => {
    const e = pddlErrorOf(() => parseDomain(text, 'd.pddl'));
    expect(e).toBeInstanceOf(DualplanError);
    expect({ code: e.code, subject: e.subject, line: e.line, column: e.column }).toEqual({ code, subject, line, column });
    expect(e.message).toContain(`d.pddl:${line}:${column}:`);
    expect(e.message).toContain(subject);
  });

  test('suggests the closest name', () => {
    const e = pddlErrorOf(() => parseDomain('(define (domain d) (:predicates (holding ?x))\n (:action a :parameters (?x) :effect (holdng ?x)))'));
    expect(e.message).toContain('Did you mean "holding"?');
  });
});

describe('parseProblem', () => {
  const gripper = parseDomain(GRIPPER_DOMAIN);
  const problem = (init: string, goal = '(at b1 rb)') => `(define (problem p) (:domain gripper)
  (:objects ra rb - room b1 - ball g1 - gripper)
  (:init ${init})
  (:goal ${goal}))`;

  test('reads objects, init and goal', () => {
    const p = parseProblem(problem('(at-robby ra) (at b1 ra) (free g1)', '(and (at b1 rb) (not (carry b1 g1)))'), gripper);
    expect(p.objects.map((o) => `${o.name}:${o.type}`)).toEqual(['ra:room', 'rb:room', 'b1:ball', 'g1:gripper']);
    expect(p.init).toHaveLength(3);
    expect(p.goal.map((l) => [l.atom.pred, l.negated])).toEqual([
      ['at', false],
      ['carry', true],
    ]);
  });

  test('reads static cost facts and the total-cost metric', () => {
    const roads = parseDomain(ROADS);
    const p = parseProblem(
      '(define (problem r) (:domain roads) (:objects a b - city) (:init (at a) (road a b) (= (total-cost) 0) (= (length a b) 7)) (:goal (at b)) (:metric minimize (total-cost)))',
      roads,
    );
    expect(p.numeric).toEqual([
      { fn: 'total-cost', args: [], value: 0 },
      { fn: 'length', args: ['a', 'b'], value: 7 },
    ]);
  });

  const cases: [string, string, string, string, number][] = [
    ['an unknown object', problem('(at-robby ra) (at b2 ra)'), 'UNKNOWN_NAME', 'b2', 3],
    ['an object of the wrong type', problem('(at-robby b1)'), 'TYPE', 'b1', 3],
    ['a negated initial atom', problem('(not (free g1))'), 'SYNTAX', 'not', 3],
    ['another domain', problem('').replace('(:domain gripper)', '(:domain blocks)'), 'UNKNOWN_NAME', 'blocks', 1],
    ['a disjunctive goal', problem('', '(or (at b1 ra) (at b1 rb))'), 'UNSUPPORTED', 'or', 4],
  ];
  test.each(cases)('rejects %s with a typed error', (_, text, code, subject, line) => {
    const e = pddlErrorOf(() => parseProblem(text, gripper, 'p.pddl'));
    expect(e).toBeInstanceOf(PddlError);
    expect({ code: e.code, subject: e.subject, line: e.line }).toEqual({ code, subject, line });
  });
});
