import { mulberry32 } from '@dualplan/world-state';

/** Gripper: a robot with grippers carries balls between rooms. Unit costs. */
export const GRIPPER_DOMAIN = `; Gripper (written for dualplan).
(define (domain gripper)
  (:requirements :strips :typing)
  (:types room ball gripper)
  (:predicates (at-robby ?r - room) (at ?b - ball ?r - room)
               (free ?g - gripper) (carry ?b - ball ?g - gripper))
  (:action move
    :parameters (?from ?to - room)
    :precondition (at-robby ?from)
    :effect (and (at-robby ?to) (not (at-robby ?from))))
  (:action pick
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (at ?b ?r) (at-robby ?r) (free ?g))
    :effect (and (carry ?b ?g) (not (at ?b ?r)) (not (free ?g))))
  (:action drop
    :parameters (?b - ball ?r - room ?g - gripper)
    :precondition (and (carry ?b ?g) (at-robby ?r))
    :effect (and (at ?b ?r) (free ?g) (not (carry ?b ?g)))))
`;

/**
 * A gripper problem: by default the classic one (every ball in `rooma`, the
 * robot there with two free grippers, every ball wanted in `roomb`); with
 * `rooms` > 2 or a `seed`, balls start and end in seeded random rooms.
 * @example
 * const text = gripperProblem({ balls: 4 }); // optimal plan: 11 steps
 */
export function gripperProblem(options: { balls: number; rooms?: number; grippers?: number; seed?: number }): string {
  const rooms = Array.from({ length: options.rooms ?? 2 }, (_, i) => `room${String.fromCharCode(97 + i)}`);
  const grippers = Array.from({ length: options.grippers ?? 2 }, (_, i) => `g${i + 1}`);
  const balls = Array.from({ length: options.balls }, (_, i) => `ball${i + 1}`);
  const random = options.seed === undefined ? null : mulberry32(options.seed);
  const pick = (fallback: string) => (random ? rooms[Math.floor(random() * rooms.length)] : fallback);
  const init = ['(at-robby rooma)', ...grippers.map((g) => `(free ${g})`), ...balls.map((b) => `(at ${b} ${pick('rooma')})`)];
  const goal = balls.map((b) => `(at ${b} ${pick(rooms[rooms.length - 1])})`);
  return `(define (problem gripper-${balls.length}${options.seed === undefined ? '' : `-${options.seed}`})
  (:domain gripper)
  (:objects ${rooms.join(' ')} - room ${balls.join(' ')} - ball ${grippers.join(' ')} - gripper)
  (:init ${init.join(' ')})
  (:goal (and ${goal.join(' ')})))
`;
}
