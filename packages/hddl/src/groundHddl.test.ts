import { describe, expect, test } from '@jest/globals';
import { groundHddl } from './compileHddl.js';
import { HddlError } from './HddlError.js';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';
import { planHddl } from './planHddl.js';
import { verifyHddlPlan } from './verifyHddlPlan.js';
import { writeIpcPlan } from './writeIpcPlan.js';

const plan = (domainText: string, problemText: string) => {
  const domain = parseHddlDomain(domainText, 'd.hddl');
  const problem = parseHddlProblem(problemText, domain, 'p.hddl');
  const result = planHddl(groundHddl(domain, problem));
  const text = result.decomposition ? writeIpcPlan(result.decomposition) : null;
  return { result, text, verdict: text ? verifyHddlPlan(domain, problem, text) : null };
};

describe('groundHddl', () => {
  test('an atom that actions only delete (no action reads it) still changes for the methods that read it', () => {
    const { text, verdict } = plan(
      `(define (domain d) (:requirements :hierarchy :method-preconditions)
        (:predicates (flag))
        (:task main) (:task check)
        (:method via-check :task (main) :ordered-subtasks (and (clear-flag) (check)))
        (:method plain :task (main) :ordered-subtasks (nop))
        (:method flag-up :task (check) :precondition (flag) :ordered-subtasks (nop))
        (:action clear-flag :effect (not (flag)))
        (:action nop))`,
      '(define (problem p) (:domain d) (:htn :ordered-subtasks (main)) (:init (flag)))',
    );
    expect(verdict).toEqual({ valid: true, errors: [] });
    expect(text).toContain('-> plain');
  });

  test('a predicate named constructor, a type named __proto__, a type with two parents, forall preconditions and a goal', () => {
    const { result, verdict } = plan(
      `(define (domain d) (:requirements :hierarchy :typing :universal-preconditions :method-preconditions :negative-preconditions)
        (:types __proto__ - object valueOf - object both - __proto__ both - valueOf)
        (:predicates (constructor ?x - __proto__) (hasownproperty ?x - valueOf))
        (:task mark-all)
        (:method done :task (mark-all) :precondition (forall (?x - both) (constructor ?x)) :ordered-subtasks ())
        (:method one :parameters (?x - both) :task (mark-all) :precondition (not (constructor ?x))
          :ordered-subtasks (and (mark ?x) (mark-all)))
        (:action mark :parameters (?x - both) :precondition (hasownproperty ?x) :effect (constructor ?x)))`,
      `(define (problem p) (:domain d) (:objects a b - both)
        (:htn :ordered-subtasks (mark-all)) (:init (hasownproperty a) (hasownproperty b)) (:goal (and (constructor a) (constructor b))))`,
    );
    expect(result.status).toBe('found');
    expect(result.decomposition!.primitives.map((p) => `${p.name} ${p.args.join(' ')}`)).toEqual(['mark a', 'mark b']);
    expect(verdict!.valid).toBe(true);
  });

  test('an unsolvable problem is none, and what the grounder cannot do is a typed error', () => {
    expect(
      plan(
        `(define (domain d) (:requirements :hierarchy) (:predicates (p)) (:task t) (:method m :task (t) :ordered-subtasks (a)) (:action a :precondition (p)))`,
        '(define (problem p) (:domain d) (:htn :ordered-subtasks (t)) (:init))',
      ).result.status,
    ).toBe('none');
    const whenDomain = `(define (domain d) (:requirements :hierarchy :conditional-effects) (:predicates (p) (q)) (:task t)
      (:method m :task (t) :ordered-subtasks (a)) (:action a :effect (when (p) (q))))`;
    expect(() => plan(whenDomain, '(define (problem p) (:domain d) (:htn :ordered-subtasks (t)) (:init))')).toThrow(HddlError);
  });
});
