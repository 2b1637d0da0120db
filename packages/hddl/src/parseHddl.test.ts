import { describe, expect, test } from '@jest/globals';
import { HddlError } from './HddlError.js';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';
import { verifyHddlPlan } from './verifyHddlPlan.js';

const DOMAIN = `(define (domain d)
  (:requirements :hierarchy :typing :negative-preconditions :equality :method-preconditions :universal-preconditions :conditional-effects)
  (:types room box - object)
  (:constants hall - room)
  (:predicates (at ?b - box ?r - room) (constructor ?b - box) (lit ?r - room))
  (:task tidy :parameters (?b - box))
  (:method m-tidy :parameters (?b - box ?r - room) :task (tidy ?b)
    :precondition (and (at ?b ?r) (not (= ?r hall)) (forall (?x - box) (not (constructor ?x))))
    :subtasks (and (t1 (carry ?b ?r hall)) (t2 (switch-all)))
    :ordering (< t1 t2)
    :constraints (not (= ?r hall)))
  (:action carry :parameters (?b - box ?from ?to - room)
    :precondition (at ?b ?from) :effect (and (not (at ?b ?from)) (at ?b ?to)))
  (:action switch-all :parameters ()
    :effect (forall (?r - room) (when (not (lit ?r)) (lit ?r)))))`;

/** The error a function throws, as an HddlError. */
function errorOf(f: () => unknown): HddlError {
  try {
    f();
  } catch (e) {
    if (e instanceof HddlError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('parseHddlDomain', () => {
  test('reads tasks, methods with partial order and constraints, forall and when; names are lower-cased', () => {
    const d = parseHddlDomain(DOMAIN.replace('(:task tidy', '(:TASK Tidy'), 'd.hddl');
    expect([...d.tasks.keys()]).toEqual(['tidy']);
    const m = d.methods[0];
    expect(m.subtasks.map((s) => s.id)).toEqual(['t1', 't2']);
    expect(m.ordering).toEqual([[0, 1]]);
    expect(m.ordered).toBe(false);
    expect(m.constraints).not.toBeNull();
    expect(d.actions.get('switch-all')!.effects[0].kind).toBe('forall');
    expect(d.predicates.has('constructor')).toBe(true);
  });

  test.each([
    ['SYNTAX', 1, '(define (domain d) (:task t :parameters ())', 'unclosed'],
    ['UNSUPPORTED', 1, '(define (domain d) (:requirements :fluents))', ':fluents'],
    ['UNSUPPORTED', 2, '(define (domain d)\n (:derived (p) (q)))', ':derived'],
    [
      'UNKNOWN_NAME',
      3,
      '(define (domain d) (:predicates (p))\n (:task t)\n (:method m :task (t) :precondition (q) :ordered-subtasks ()))',
      'unknown predicate "q"',
    ],
    ['ARITY', 2, '(define (domain d) (:predicates (p ?x))\n (:action a :parameters (?y) :precondition (p)))', 'takes 1 arguments'],
    ['UNKNOWN_NAME', 2, '(define (domain d) (:task t)\n (:method m :task (t) :ordered-subtasks (u)))', 'neither a :task nor an :action'],
    [
      'UNKNOWN_NAME',
      2,
      '(define (domain d) (:predicates (p ?x)) (:task t)\n (:method m :task (t) :precondition (p ?z) :ordered-subtasks ()))',
      '"?z" is not a parameter',
    ],
    ['DUPLICATE', 1, '(define (domain d) (:task t) (:task t))', 'declared twice'],
    ['UNKNOWN_NAME', 1, '(define (domain d) (:task t) (:method m :task (t) :subtasks (and (a (t)) (b (t))) :ordering (< a c)))', 'no subtask label'],
    ['TYPE', 1, '(define (domain d) (:types a - b b - a))', 'its own ancestor'],
  ])('rejects %s (line %i): %s', (code, line, text, message) => {
    const e = errorOf(() => parseHddlDomain(text, 'bad.hddl'));
    expect(e.code).toBe(code);
    expect(e.file).toBe('bad.hddl');
    expect(e.line).toBe(line);
    expect(e.column).toBeGreaterThan(0);
    expect(e.message).toContain(message);
    expect(e.message).toMatch(new RegExp(`^bad\\.hddl:${line}:\\d+: `));
  });

  test('bounds nesting depth and size', () => {
    const deep = `(define (domain d) (:task t) (:method m :task (t) :precondition ${'(not '.repeat(300)}(p)${')'.repeat(300)} :ordered-subtasks ()))`;
    expect(errorOf(() => parseHddlDomain(deep, 'deep.hddl')).code).toBe('TOO_DEEP');
    expect(errorOf(() => parseHddlDomain(DOMAIN, 'd.hddl', { maxDepth: 3 })).code).toBe('TOO_DEEP');
    expect(errorOf(() => parseHddlDomain(DOMAIN, 'd.hddl', { maxLength: 100 })).code).toBe('TOO_LARGE');
  });
});

describe('parseHddlProblem', () => {
  const domain = parseHddlDomain(DOMAIN, 'd.hddl');
  const problem = (init: string, htn = '(:htn :parameters (?x - box) :subtasks (tidy ?x))') =>
    `(define (problem p) (:domain d) (:objects kitchen - room b1 b2 - box)\n ${htn}\n (:init ${init}))`;

  test('reads objects, the initial network with parameters, the initial state', () => {
    const p = parseHddlProblem(problem('(at b1 kitchen)'), domain, 'p.hddl');
    expect(p.htn!.parameters.map((x) => x.name)).toEqual(['?x']);
    expect(p.init).toHaveLength(1);
    expect(p.goal).toBeNull();
  });

  test.each([
    ['UNKNOWN_NAME', '(at b3 kitchen)', 'neither a parameter nor a constant'],
    ['TYPE', '(at kitchen kitchen)', 'expects a box'],
    ['ARITY', '(at b1)', 'takes 2 arguments'],
  ])('rejects %s in :init', (code, init, message) => {
    const e = errorOf(() => parseHddlProblem(problem(init), domain, 'p.hddl'));
    expect([e.code, e.line]).toEqual([code, 3]);
    expect(e.message).toContain(message);
  });
});

describe('the verifier applies what the grounder refuses', () => {
  test('forall and when effects, universal method preconditions, partial order and constraints', () => {
    const domain = parseHddlDomain(DOMAIN, 'd.hddl');
    const problem = parseHddlProblem(
      '(define (problem p) (:domain d) (:objects kitchen - room b1 - box) (:htn :subtasks (tidy b1)) (:init (at b1 kitchen) (lit hall)) (:goal (and (lit kitchen) (at b1 hall))))',
      domain,
      'p.hddl',
    );
    const plan = '==>\n0 carry b1 kitchen hall\n1 switch-all\nroot 2\n2 tidy b1 -> m-tidy 0 1\n<==';
    expect(verifyHddlPlan(domain, problem, plan)).toEqual({ valid: true, errors: [] });
    // switch-all before carry breaks the method's ordering (t1 < t2)
    expect(verifyHddlPlan(domain, problem, '==>\n1 switch-all\n0 carry b1 kitchen hall\nroot 2\n2 tidy b1 -> m-tidy 0 1\n<==').errors[0].code).toBe('ORDERING');
  });
});
