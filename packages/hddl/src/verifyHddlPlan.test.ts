import { describe, expect, test } from '@jest/globals';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';
import { verifyHddlPlan } from './verifyHddlPlan.js';
import { groundHddl } from './compileHddl.js';
import { planHddl } from './planHddl.js';
import { writeIpcPlan } from './writeIpcPlan.js';

const DOMAIN = `(define (domain tiny)
  (:requirements :hierarchy :typing :negative-preconditions :method-preconditions)
  (:types place thing - object)
  (:predicates (at ?t - thing ?p - place) (road ?a ?b - place) (done ?t - thing))
  (:task move :parameters (?t - thing ?to - place))
  (:method m_direct :parameters (?t - thing ?from ?to - place) :task (move ?t ?to)
    :precondition (and (at ?t ?from) (road ?from ?to))
    :ordered-subtasks (and (t1 (go ?t ?from ?to))))
  (:method m_stay :parameters (?t - thing ?to - place) :task (move ?t ?to)
    :precondition (at ?t ?to) :subtasks ())
  (:method m_force :parameters (?t - thing ?from ?to - place) :task (move ?t ?to)
    :ordered-subtasks (go ?t ?from ?to))
  (:action go :parameters (?t - thing ?from ?to - place)
    :precondition (and (at ?t ?from) (road ?from ?to)) :effect (and (not (at ?t ?from)) (at ?t ?to)))
  (:action mark :parameters (?t - thing) :precondition (not (done ?t)) :effect (done ?t)))`;

const problemText = (goal: string) => `(define (problem p) (:domain tiny)
  (:objects a b c - place box - thing)
  (:htn :parameters () :ordered-subtasks (and (t0 (move box b)) (t1 (mark box))))
  (:init (at box a) (road a b) (road b c))
  (:goal ${goal}))`;

const domain = parseHddlDomain(DOMAIN, 'tiny.hddl');
const problem = parseHddlProblem(problemText('(and (done box) (at box b))'), domain, 'p.hddl');
const VALID = '==>\n0 go box a b\n1 mark box\nroot 2 1\n2 move box b -> m_direct 0\n<==\n';

describe('verifyHddlPlan', () => {
  test('accepts a valid plan, with text around it and comments', () => {
    expect(verifyHddlPlan(domain, problem, VALID)).toEqual({ valid: true, errors: [] });
    expect(verifyHddlPlan(domain, problem, `found a plan\n${VALID.replace('1 mark box', '1 (mark box) ; the mark')}time: 3ms`).valid).toBe(true);
  });

  test('accepts what the planner finds', () => {
    const r = planHddl(groundHddl(domain, problem));
    expect(r.status).toBe('found');
    expect(writeIpcPlan(r.decomposition!)).toBe(VALID);
  });

  // [code, expected plan line, the plan]
  const cases: [string, number, string][] = [
    ['UNKNOWN_ACTION', 2, VALID.replace('0 go box a b', '0 fly box a b')],
    ['ARITY', 2, VALID.replace('0 go box a b', '0 go box a')],
    ['UNKNOWN_OBJECT', 2, VALID.replace('0 go box a b', '0 go box a z')],
    ['TYPE', 2, VALID.replace('0 go box a b', '0 go a box b')],
    ['NOT_APPLICABLE', 2, VALID.replace('0 go box a b', '0 go box c b').replace('m_direct', 'm_force')],
    ['METHOD_PRECONDITION', 4, '==>\n0 mark box\nroot 1 0\n1 move box b -> m_stay\n<==\n'],
    ['UNKNOWN_METHOD', 5, VALID.replace('m_direct', 'm_teleport')],
    ['METHOD_TASK_MISMATCH', 5, VALID.replace('2 move box b', '2 mark box')],
    ['SUBTASK_MISMATCH', 5, VALID.replace('0 go box a b', '0 go box b c')],
    ['ORDERING', 4, '==>\n0 mark box\n1 go box a b\nroot 2 0\n2 move box b -> m_direct 1\n<==\n'],
    ['NOT_DECOMPOSED', 4, VALID.replace('2 move box b -> m_direct 0\n', '')],
    ['NOT_DECOMPOSED', 5, VALID.replace('2 move box b -> m_direct 0', '2 move box b')],
    ['ORPHAN', 6, VALID.replace('<==', '3 mark box\n<==')],
    ['SHARED_SUBTASK', 5, VALID.replace('root 2 1', 'root 2 1 0')],
    ['ROOT_MISMATCH', 3, VALID.replace('root 2 1', 'root 2').replace('1 mark box\n', '')],
    ['DUPLICATE_ID', 3, VALID.replace('1 mark box', '0 mark box')],
    ['PLAN_SYNTAX', 6, VALID.replace('<==\n', '')],
    ['PLAN_SYNTAX', 3, VALID.replace('1 mark box', 'x mark box')],
  ];
  test.each(cases)('rejects %s, naming line %i', (code, line, plan) => {
    const v = verifyHddlPlan(domain, problem, plan);
    expect(v.valid).toBe(false);
    expect(v.errors[0].code).toBe(code);
    expect(v.errors[0].line).toBe(line);
    expect(v.errors[0].message).toContain(`plan:${line}:`);
  });

  test('rejects a plan whose goal does not hold', () => {
    const other = parseHddlProblem(problemText('(at box c)'), domain, 'p.hddl');
    const v = verifyHddlPlan(domain, other, VALID);
    expect(v.errors[0].code).toBe('GOAL');
  });
});
