import { mulberry32 } from '@dualplan/world-state';

/**
 * Transport (written for dualplan): trucks carry packages along roads. `deliver` picks a truck, drives it to the
 * package, loads it, drives to the destination and unloads; `get-to` drives straight there when a road leads
 * there, else one step and on (right recursion, so a depth-first search with a depth bound ends).
 */
export const TRANSPORT_HDDL_DOMAIN = `; Transport with methods (written for dualplan).
(define (domain transport)
  (:requirements :hierarchy :typing :negative-preconditions :method-preconditions :equality)
  (:types location locatable - object truck package - locatable)
  (:predicates (road ?a ?b - location) (at ?x - locatable ?l - location) (in ?p - package ?t - truck) (empty ?t - truck))
  (:task deliver :parameters (?p - package ?to - location))
  (:task get-to :parameters (?t - truck ?to - location))
  (:method deliver-there :parameters (?p - package ?to - location) :task (deliver ?p ?to)
    :precondition (at ?p ?to) :ordered-subtasks ())
  (:method deliver-by-truck :parameters (?p - package ?from ?to - location ?t - truck) :task (deliver ?p ?to)
    :precondition (and (at ?p ?from) (not (= ?from ?to)) (empty ?t))
    :ordered-subtasks (and (t1 (get-to ?t ?from)) (t2 (load ?t ?p ?from)) (t3 (get-to ?t ?to)) (t4 (unload ?t ?p ?to))))
  (:method get-to-there :parameters (?t - truck ?to - location) :task (get-to ?t ?to)
    :precondition (at ?t ?to) :ordered-subtasks ())
  (:method get-to-direct :parameters (?t - truck ?from ?to - location) :task (get-to ?t ?to)
    :precondition (and (at ?t ?from) (road ?from ?to)) :ordered-subtasks (drive ?t ?from ?to))
  (:method get-to-step :parameters (?t - truck ?from ?mid ?to - location) :task (get-to ?t ?to)
    :precondition (and (at ?t ?from) (not (= ?from ?to)) (not (road ?from ?to)) (road ?from ?mid) (not (= ?mid ?to)))
    :ordered-subtasks (and (t1 (drive ?t ?from ?mid)) (t2 (get-to ?t ?to))))
  (:action drive :parameters (?t - truck ?from ?to - location)
    :precondition (and (at ?t ?from) (road ?from ?to))
    :effect (and (not (at ?t ?from)) (at ?t ?to)))
  (:action load :parameters (?t - truck ?p - package ?l - location)
    :precondition (and (at ?t ?l) (at ?p ?l) (empty ?t))
    :effect (and (not (at ?p ?l)) (in ?p ?t) (not (empty ?t))))
  (:action unload :parameters (?t - truck ?p - package ?l - location)
    :precondition (and (at ?t ?l) (in ?p ?t))
    :effect (and (not (in ?p ?t)) (at ?p ?l) (empty ?t))))
`;

/** Options of {@link transportHddlProblem}. */
export interface TransportOptions {
  readonly packages: number;
  /** Locations on a ring road, with seeded shortcuts (default 4). */
  readonly locations?: number;
  readonly trucks?: number;
  readonly seed?: number;
  /** Also state the deliveries as a `:goal` (default true). */
  readonly goal?: boolean;
}

/**
 * A transport problem: locations on a ring with a few seeded shortcuts, trucks and packages at seeded places, and
 * one `deliver` task per package (in order) to a seeded destination.
 * @example
 * const text = transportHddlProblem({ packages: 3, locations: 5, seed: 7 });
 */
export function transportHddlProblem(options: TransportOptions): string {
  const random = mulberry32(options.seed ?? 1);
  const n = Math.max(2, options.locations ?? 4);
  const locs = Array.from({ length: n }, (_, i) => `l${i}`);
  const trucks = Array.from({ length: Math.max(1, options.trucks ?? 1) }, (_, i) => `t${i}`);
  const pkgs = Array.from({ length: options.packages }, (_, i) => `p${i}`);
  const pick = () => locs[Math.floor(random() * n)];
  const roads = new Set<string>();
  const road = (a: string, b: string) => a !== b && roads.add(`(road ${a} ${b})`).add(`(road ${b} ${a})`);
  locs.forEach((l, i) => road(l, locs[(i + 1) % n]));
  for (let k = 0; k < Math.floor(n / 3); k++) road(pick(), pick());
  const init = [...roads, ...trucks.flatMap((t) => [`(at ${t} ${pick()})`, `(empty ${t})`]), ...pkgs.map((p) => `(at ${p} ${pick()})`)];
  const dest = pkgs.map(() => pick());
  const tasks = pkgs.map((p, i) => `(t${i} (deliver ${p} ${dest[i]}))`);
  const goal = options.goal === false ? '' : `\n  (:goal (and ${pkgs.map((p, i) => `(at ${p} ${dest[i]})`).join(' ')}))`;
  return `(define (problem transport-${pkgs.length}-${n}-${options.seed ?? 1}) (:domain transport)
  (:objects ${locs.join(' ')} - location ${trucks.join(' ')} - truck ${pkgs.join(' ')} - package)
  (:htn :parameters () :ordered-subtasks (and ${tasks.join(' ')}))
  (:init ${init.join(' ')})${goal})
`;
}
