import { mulberry32 } from '@dualplan/world-state';

/**
 * Blocks world with methods (written for dualplan): `put-on` clears both blocks (moving what is on them to the
 * table) and stacks; `put-on-table` clears a block and puts it down. Goal towers are built bottom up.
 */
export const BLOCKS_HDDL_DOMAIN = `; Blocks world with methods (written for dualplan).
(define (domain blocks)
  (:requirements :hierarchy :typing :negative-preconditions :method-preconditions)
  (:types block)
  (:predicates (on ?x ?y - block) (on-table ?x - block) (clear ?x - block) (holding ?x - block) (hand-empty))
  (:task put-on :parameters (?x ?y - block))
  (:task put-on-table :parameters (?x - block))
  (:task make-clear :parameters (?x - block))
  (:task lift :parameters (?x - block))
  (:method put-on-done :parameters (?x ?y - block) :task (put-on ?x ?y) :precondition (on ?x ?y) :ordered-subtasks ())
  (:method put-on-move :parameters (?x ?y - block) :task (put-on ?x ?y) :precondition (not (on ?x ?y))
    :ordered-subtasks (and (make-clear ?x) (make-clear ?y) (lift ?x) (stack ?x ?y)))
  (:method table-done :parameters (?x - block) :task (put-on-table ?x) :precondition (on-table ?x) :ordered-subtasks ())
  (:method table-move :parameters (?x - block) :task (put-on-table ?x) :precondition (not (on-table ?x))
    :ordered-subtasks (and (make-clear ?x) (lift ?x) (put-down ?x)))
  (:method clear-done :parameters (?x - block) :task (make-clear ?x) :precondition (clear ?x) :ordered-subtasks ())
  (:method clear-above :parameters (?x ?z - block) :task (make-clear ?x) :precondition (on ?z ?x)
    :ordered-subtasks (and (make-clear ?z) (unstack ?z ?x) (put-down ?z)))
  (:method lift-from-table :parameters (?x - block) :task (lift ?x) :precondition (on-table ?x) :ordered-subtasks (pick-up ?x))
  (:method lift-from-block :parameters (?x ?y - block) :task (lift ?x) :precondition (on ?x ?y) :ordered-subtasks (unstack ?x ?y))
  (:action pick-up :parameters (?x - block)
    :precondition (and (clear ?x) (on-table ?x) (hand-empty))
    :effect (and (holding ?x) (not (clear ?x)) (not (hand-empty)) (not (on-table ?x))))
  (:action unstack :parameters (?x ?y - block)
    :precondition (and (clear ?x) (on ?x ?y) (hand-empty))
    :effect (and (holding ?x) (clear ?y) (not (clear ?x)) (not (hand-empty)) (not (on ?x ?y))))
  (:action put-down :parameters (?x - block)
    :precondition (holding ?x) :effect (and (on-table ?x) (clear ?x) (hand-empty) (not (holding ?x))))
  (:action stack :parameters (?x ?y - block)
    :precondition (and (holding ?x) (clear ?y))
    :effect (and (on ?x ?y) (clear ?x) (hand-empty) (not (holding ?x)) (not (clear ?y)))))
`;

/** Random towers of `blocks` blocks: per tower, its blocks bottom up. */
function towers(names: readonly string[], random: () => number): string[][] {
  const shuffled = [...names];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const out: string[][] = [];
  for (const b of shuffled) {
    if (out.length === 0 || random() < 0.35) out.push([b]);
    else out[out.length - 1].push(b);
  }
  return out;
}

/**
 * A blocks problem: seeded random initial and goal towers; the initial task network puts each goal tower's bottom
 * block on the table, then stacks every tower bottom up; the goal states the towers too.
 * @example
 * const text = blocksHddlProblem({ blocks: 6, seed: 3 });
 */
export function blocksHddlProblem(options: { blocks: number; seed?: number }): string {
  const random = mulberry32(options.seed ?? 1);
  const names = Array.from({ length: Math.max(1, options.blocks) }, (_, i) => `b${i}`);
  const start = towers(names, random);
  const goal = towers(names, random);
  const facts = (ts: string[][]) => ts.flatMap((t) => t.map((b, i) => (i === 0 ? `(on-table ${b})` : `(on ${b} ${t[i - 1]})`)));
  const init = [...facts(start), ...start.map((t) => `(clear ${t[t.length - 1]})`), '(hand-empty)'];
  const tasks = [...goal.map((t) => `(put-on-table ${t[0]})`), ...goal.flatMap((t) => t.slice(1).map((b, i) => `(put-on ${b} ${t[i]})`))];
  return `(define (problem blocks-${names.length}-${options.seed ?? 1}) (:domain blocks)
  (:objects ${names.join(' ')} - block)
  (:htn :ordered-subtasks (and ${tasks.join(' ')}))
  (:init ${init.join(' ')})
  (:goal (and ${facts(goal).join(' ')})))
`;
}
