import { describe, expect, test } from '@jest/globals';
import { groundTask } from './groundTask.js';
import { parseDomain } from './parseDomain.js';
import { parseProblem } from './parseProblem.js';
import { pddlErrorOf } from './testUtil.js';
import { GRIPPER_DOMAIN, MICONIC_DOMAIN, gripperProblem, miconicProblem } from './domains/index.js';

const ground = (domain: string, problem: string) => {
  const d = parseDomain(domain);
  return groundTask(d, parseProblem(problem, d));
};

const ROADS = `(define (domain roads)
  (:requirements :strips :typing :action-costs :negative-preconditions)
  (:types city)
  (:predicates (at ?c - city) (road ?a ?b - city) (visited ?c - city) (closed ?c - city))
  (:functions (total-cost) - number (length ?a ?b - city) - number)
  (:action drive
    :parameters (?a ?b - city)
    :precondition (and (at ?a) (road ?a ?b) (not (closed ?b)))
    :effect (and (at ?b) (visited ?b) (not (at ?a)) (increase (total-cost) (length ?a ?b)))))`;
const roadsProblem = (extra = '') => `(define (problem r) (:domain roads) (:objects a b c d - city)
  (:init (at a) (road a b) (road b c) (road a c) (road c d) (closed d) ${extra}
         (= (length a b) 2) (= (length b c) 3) (= (length a c) 9) (= (length c d) 1))
  (:goal (visited c)))`;

describe('groundTask', () => {
  test('prunes by static preconditions and relaxed reachability', () => {
    const t = ground(ROADS, roadsProblem());
    // road is static: only drives along roads; d is closed (a static negative precondition): never reached.
    expect(t.actions.map((a) => a.name).sort()).toEqual(['(drive a b)', '(drive a c)', '(drive b c)']);
    expect(t.atoms).not.toContain('(at d)');
    expect(t.atoms).not.toContain('(road a b)'); // static atoms are folded away
    expect(t.actions.map((a) => a.cost)).toEqual([2, 9, 3]);
    expect(t.goal.map((g) => t.atoms[g])).toEqual(['(visited c)']);
  });

  test('deletes before adds: an atom both deleted and added stays true', () => {
    const t = ground(GRIPPER_DOMAIN, gripperProblem({ balls: 1 }));
    const stay = t.actions.find((a) => a.name === '(move rooma rooma)')!;
    expect(stay.add.map((x) => t.atoms[x])).toEqual(['(at-robby rooma)']);
    expect(stay.del).toEqual([]);
  });

  test('grounds miconic: static `above`, origin and destin pruned, negative preconditions kept', () => {
    const t = ground(MICONIC_DOMAIN, miconicProblem({ floors: 3, passengers: 2, seed: 4 }));
    expect(t.actions.filter((a) => a.schema === 'up')).toHaveLength(3);
    expect(t.actions.filter((a) => a.schema === 'board')).toHaveLength(2);
    const board = t.actions.find((a) => a.schema === 'board')!;
    expect(board.preNeg.map((x) => t.atoms[x]).sort()).toEqual([`(boarded ${board.args[1]})`, `(served ${board.args[1]})`]);
  });

  test('without :action-costs every action costs 1; with it, an action without increase costs 0', () => {
    expect(new Set(ground(GRIPPER_DOMAIN, gripperProblem({ balls: 1 })).actions.map((a) => a.cost))).toEqual(new Set([1]));
    const free = ROADS.replace('(increase (total-cost) (length ?a ?b))', '');
    expect(new Set(ground(free, roadsProblem()).actions.map((a) => a.cost))).toEqual(new Set([0]));
  });

  test('names the goal atom no plan can reach', () => {
    const d = parseDomain(ROADS);
    const e = pddlErrorOf(() => groundTask(d, parseProblem(roadsProblem().replace('(:goal (visited c))', '(:goal (and (visited c) (at d)))'), d, 'r.pddl')));
    expect({ code: e.code, subject: e.subject }).toEqual({ code: 'UNREACHABLE_GOAL', subject: '(at d)' });
    expect(e.message).toMatch(/^r\.pddl:4:27:/);
  });

  test('stops with TOO_LARGE naming the action schema instead of grounding without end', () => {
    const d = parseDomain(GRIPPER_DOMAIN);
    const e = pddlErrorOf(() => groundTask(d, parseProblem(gripperProblem({ balls: 3 }), d), { maxActions: 10 }));
    expect({ code: e.code, subject: e.subject }).toEqual({ code: 'TOO_LARGE', subject: 'pick' });
  });

  test('names a cost the problem does not define', () => {
    const d = parseDomain(ROADS);
    const e = pddlErrorOf(() => groundTask(d, parseProblem(roadsProblem().replace('(= (length a c) 9)', ''), d)));
    expect({ code: e.code, subject: e.subject }).toEqual({ code: 'UNKNOWN_NAME', subject: '(length a c)' });
  });
});
