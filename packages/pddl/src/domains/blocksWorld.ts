import { mulberry32 } from '@dualplan/world-state';
import { randomTowers } from './randomTowers.js';

/**
 * Blocks world, four operators: a hand picks a clear block up from the table or
 * unstacks it from another block, and puts it down on the table or stacks it on
 * a clear block. Unit costs; `(not (= ?x ?y))` keeps a block off itself.
 */
export const BLOCKS_DOMAIN = `; Blocks world with four operators (written for dualplan).
(define (domain blocks)
  (:requirements :strips :typing :equality)
  (:types block)
  (:predicates (on ?x - block ?y - block) (ontable ?x - block) (clear ?x - block)
               (handempty) (holding ?x - block))
  (:action pick-up
    :parameters (?x - block)
    :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (holding ?x) (not (ontable ?x)) (not (clear ?x)) (not (handempty))))
  (:action put-down
    :parameters (?x - block)
    :precondition (holding ?x)
    :effect (and (ontable ?x) (clear ?x) (handempty) (not (holding ?x))))
  (:action stack
    :parameters (?x - block ?y - block)
    :precondition (and (holding ?x) (clear ?y) (not (= ?x ?y)))
    :effect (and (on ?x ?y) (clear ?x) (handempty) (not (holding ?x)) (not (clear ?y))))
  (:action unstack
    :parameters (?x - block ?y - block)
    :precondition (and (on ?x ?y) (clear ?x) (handempty) (not (= ?x ?y)))
    :effect (and (holding ?x) (clear ?y) (not (on ?x ?y)) (not (clear ?x)) (not (handempty)))))
`;

/**
 * A seeded blocks-world problem: `blocks` blocks in random towers, to be
 * rearranged into other random towers (the goal lists every `on`, and `ontable` for the bottoms).
 * @example
 * const text = blocksProblem({ blocks: 6, seed: 1 });
 */
export function blocksProblem(options: { blocks: number; seed?: number }): string {
  const n = options.blocks;
  const random = mulberry32(options.seed ?? 1);
  const names = Array.from({ length: n }, (_, i) => `b${i + 1}`);
  const facts = (towers: string[][]): string[] => {
    const out: string[] = [];
    for (const t of towers) {
      out.push(`(ontable ${t[0]})`);
      for (let i = 1; i < t.length; i++) out.push(`(on ${t[i]} ${t[i - 1]})`);
    }
    return out;
  };
  const start = randomTowers(names, random);
  const goal = randomTowers(names, random);
  const init = [...facts(start), ...start.map((t) => `(clear ${t[t.length - 1]})`), '(handempty)'];
  return `(define (problem blocks-${n}-${options.seed ?? 1})
  (:domain blocks)
  (:objects ${names.join(' ')} - block)
  (:init ${init.join(' ')})
  (:goal (and ${facts(goal).join(' ')})))
`;
}
