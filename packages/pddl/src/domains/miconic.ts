import { mulberry32 } from '@dualplan/world-state';

/**
 * Miconic (STRIPS elevator): a lift moves between floors, boards passengers
 * at their origin and lets them out at their destination. Negative
 * preconditions keep a passenger from boarding twice.
 */
export const MICONIC_DOMAIN = `; Miconic elevator, STRIPS (written for dualplan).
(define (domain miconic)
  (:requirements :strips :typing :negative-preconditions)
  (:types passenger floor)
  (:predicates (origin ?p - passenger ?f - floor) (destin ?p - passenger ?f - floor)
               (above ?f1 - floor ?f2 - floor) (boarded ?p - passenger)
               (served ?p - passenger) (lift-at ?f - floor))
  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f) (not (boarded ?p)) (not (served ?p)))
    :effect (boarded ?p))
  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p)))
  (:action up
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))
  (:action down
    :parameters (?f1 - floor ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1)))))
`;

/**
 * A seeded miconic problem: `floors` floors (`(above a b)`: b is higher), the lift
 * at the ground floor, `passengers` passengers with distinct random origin and destination.
 * @example
 * const text = miconicProblem({ floors: 4, passengers: 2, seed: 1 });
 */
export function miconicProblem(options: { floors: number; passengers: number; seed?: number }): string {
  const random = mulberry32(options.seed ?? 1);
  const floors = Array.from({ length: options.floors }, (_, i) => `f${i}`);
  const people = Array.from({ length: options.passengers }, (_, i) => `p${i + 1}`);
  const init = ['(lift-at f0)'];
  for (let i = 0; i < floors.length; i++) for (let j = i + 1; j < floors.length; j++) init.push(`(above ${floors[i]} ${floors[j]})`);
  for (const p of people) {
    const o = Math.floor(random() * floors.length);
    let d = Math.floor(random() * (floors.length - 1));
    if (d >= o) d++;
    init.push(`(origin ${p} ${floors[o]})`, `(destin ${p} ${floors[d]})`);
  }
  return `(define (problem miconic-${options.floors}-${options.passengers}-${options.seed ?? 1})
  (:domain miconic)
  (:objects ${floors.join(' ')} - floor ${people.join(' ')} - passenger)
  (:init ${init.join(' ')})
  (:goal (and ${people.map((p) => `(served ${p})`).join(' ')})))
`;
}
