import { mulberry32 } from '@dualplan/world-state';

/** Logistics: trucks move packages within a city, airplanes between airports. Unit costs. */
export const LOGISTICS_DOMAIN = `; Logistics, STRIPS with types (written for dualplan).
(define (domain logistics)
  (:requirements :strips :typing :equality)
  (:types truck airplane - vehicle
          package vehicle - physobj
          airport location - place
          city place physobj - object)
  (:predicates (in-city ?p - place ?c - city) (at ?o - physobj ?p - place) (in ?pkg - package ?v - vehicle))
  (:action load-truck
    :parameters (?pkg - package ?t - truck ?p - place)
    :precondition (and (at ?t ?p) (at ?pkg ?p))
    :effect (and (in ?pkg ?t) (not (at ?pkg ?p))))
  (:action load-airplane
    :parameters (?pkg - package ?a - airplane ?p - airport)
    :precondition (and (at ?a ?p) (at ?pkg ?p))
    :effect (and (in ?pkg ?a) (not (at ?pkg ?p))))
  (:action unload-truck
    :parameters (?pkg - package ?t - truck ?p - place)
    :precondition (and (at ?t ?p) (in ?pkg ?t))
    :effect (and (at ?pkg ?p) (not (in ?pkg ?t))))
  (:action unload-airplane
    :parameters (?pkg - package ?a - airplane ?p - airport)
    :precondition (and (at ?a ?p) (in ?pkg ?a))
    :effect (and (at ?pkg ?p) (not (in ?pkg ?a))))
  (:action drive-truck
    :parameters (?t - truck ?from ?to - place ?c - city)
    :precondition (and (at ?t ?from) (in-city ?from ?c) (in-city ?to ?c) (not (= ?from ?to)))
    :effect (and (at ?t ?to) (not (at ?t ?from))))
  (:action fly-airplane
    :parameters (?a - airplane ?from ?to - airport)
    :precondition (and (at ?a ?from) (not (= ?from ?to)))
    :effect (and (at ?a ?to) (not (at ?a ?from)))))
`;

/**
 * A seeded logistics problem: `cities` cities of `size` places each (the first
 * is the airport), one truck per city, `airplanes` planes at random airports,
 * `packages` packages with random start and goal places.
 * @example
 * const text = logisticsProblem({ cities: 2, size: 2, packages: 2, airplanes: 1, seed: 3 });
 */
export function logisticsProblem(options: { cities: number; size: number; packages: number; airplanes?: number; seed?: number }): string {
  const random = mulberry32(options.seed ?? 1);
  const pickOf = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const cities = Array.from({ length: options.cities }, (_, i) => `c${i + 1}`);
  const places = cities.map((c) => Array.from({ length: options.size }, (_, j) => `${c}-p${j + 1}`));
  const airports = places.map((ps) => ps[0]);
  const locations = places.flatMap((ps) => ps.slice(1));
  const trucks = cities.map((c) => `${c}-truck`);
  const planes = Array.from({ length: options.airplanes ?? 1 }, (_, i) => `plane${i + 1}`);
  const packages = Array.from({ length: options.packages }, (_, i) => `pkg${i + 1}`);
  const all = places.flat();
  const init = [
    ...places.flatMap((ps, i) => ps.map((p) => `(in-city ${p} ${cities[i]})`)),
    ...trucks.map((t, i) => `(at ${t} ${pickOf(places[i])})`),
    ...planes.map((a) => `(at ${a} ${pickOf(airports)})`),
    ...packages.map((p) => `(at ${p} ${pickOf(all)})`),
  ];
  const goal = packages.map((p) => `(at ${p} ${pickOf(all)})`);
  return `(define (problem logistics-${options.cities}-${options.size}-${options.packages}-${options.seed ?? 1})
  (:domain logistics)
  (:objects ${cities.join(' ')} - city ${airports.join(' ')} - airport ${locations.length ? `${locations.join(' ')} - location` : ''}
            ${trucks.join(' ')} - truck ${planes.join(' ')} - airplane ${packages.join(' ')} - package)
  (:init ${init.join(' ')})
  (:goal (and ${goal.join(' ')})))
`;
}
