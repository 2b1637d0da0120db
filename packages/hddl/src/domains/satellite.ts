import { mulberry32 } from '@dualplan/world-state';

/**
 * Satellite observations with methods (written for dualplan): to take an image a satellite powers an instrument
 * (switching its other one off when it must), calibrates it at the instrument's target, turns to the direction and
 * takes the image.
 */
export const SATELLITE_HDDL_DOMAIN = `; Satellite observations with methods (written for dualplan).
(define (domain satellite)
  (:requirements :hierarchy :typing :negative-preconditions :method-preconditions :equality)
  (:types satellite instrument direction mode)
  (:predicates (on-board ?i - instrument ?s - satellite) (supports ?i - instrument ?m - mode) (pointing ?s - satellite ?d - direction)
    (power-avail ?s - satellite) (power-on ?i - instrument) (calibrated ?i - instrument) (calibration-target ?i - instrument ?d - direction)
    (have-image ?d - direction ?m - mode))
  (:task observe :parameters (?d - direction ?m - mode))
  (:task prepare :parameters (?s - satellite ?i - instrument))
  (:task turn-to :parameters (?s - satellite ?d - direction))
  (:method observed :parameters (?d - direction ?m - mode) :task (observe ?d ?m) :precondition (have-image ?d ?m) :ordered-subtasks ())
  (:method observe-with :parameters (?d - direction ?m - mode ?s - satellite ?i - instrument) :task (observe ?d ?m)
    :precondition (and (on-board ?i ?s) (supports ?i ?m))
    :ordered-subtasks (and (prepare ?s ?i) (turn-to ?s ?d) (take-image ?s ?d ?i ?m)))
  (:method ready :parameters (?s - satellite ?i - instrument) :task (prepare ?s ?i)
    :precondition (and (power-on ?i) (calibrated ?i)) :ordered-subtasks ())
  (:method power-up :parameters (?s - satellite ?i - instrument ?t - direction) :task (prepare ?s ?i)
    :precondition (and (power-avail ?s) (calibration-target ?i ?t))
    :ordered-subtasks (and (switch-on ?i ?s) (turn-to ?s ?t) (calibrate ?s ?i ?t)))
  (:method swap :parameters (?s - satellite ?i ?j - instrument ?t - direction) :task (prepare ?s ?i)
    :precondition (and (not (= ?i ?j)) (on-board ?j ?s) (power-on ?j) (calibration-target ?i ?t))
    :ordered-subtasks (and (switch-off ?j ?s) (switch-on ?i ?s) (turn-to ?s ?t) (calibrate ?s ?i ?t)))
  (:method pointing :parameters (?s - satellite ?d - direction) :task (turn-to ?s ?d) :precondition (pointing ?s ?d) :ordered-subtasks ())
  (:method turn :parameters (?s - satellite ?d ?from - direction) :task (turn-to ?s ?d)
    :precondition (and (pointing ?s ?from) (not (= ?from ?d))) :ordered-subtasks (turn ?s ?d ?from))
  (:action turn :parameters (?s - satellite ?d ?from - direction)
    :precondition (pointing ?s ?from) :effect (and (pointing ?s ?d) (not (pointing ?s ?from))))
  (:action switch-on :parameters (?i - instrument ?s - satellite)
    :precondition (and (on-board ?i ?s) (power-avail ?s))
    :effect (and (power-on ?i) (not (calibrated ?i)) (not (power-avail ?s))))
  (:action switch-off :parameters (?i - instrument ?s - satellite)
    :precondition (and (on-board ?i ?s) (power-on ?i)) :effect (and (not (power-on ?i)) (power-avail ?s)))
  (:action calibrate :parameters (?s - satellite ?i - instrument ?d - direction)
    :precondition (and (on-board ?i ?s) (calibration-target ?i ?d) (pointing ?s ?d) (power-on ?i)) :effect (calibrated ?i))
  (:action take-image :parameters (?s - satellite ?d - direction ?i - instrument ?m - mode)
    :precondition (and (calibrated ?i) (on-board ?i ?s) (supports ?i ?m) (power-on ?i) (pointing ?s ?d))
    :effect (have-image ?d ?m)))
`;

/**
 * A satellite problem: `satellites` satellites with two instruments each, seeded modes, calibration targets and
 * pointing, and `observations` seeded (direction, mode) images to take, in order; the goal states them too.
 * @example
 * const text = satelliteHddlProblem({ satellites: 2, observations: 4, seed: 5 });
 */
export function satelliteHddlProblem(options: { satellites: number; observations: number; directions?: number; seed?: number }): string {
  const random = mulberry32(options.seed ?? 1);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const sats = Array.from({ length: Math.max(1, options.satellites) }, (_, i) => `sat${i}`);
  const dirs = Array.from({ length: Math.max(2, options.directions ?? 5) }, (_, i) => `dir${i}`);
  const modes = ['image', 'infrared', 'spectrograph'];
  const init: string[] = [];
  const instruments: string[] = [];
  sats.forEach((s, k) => {
    init.push(`(power-avail ${s})`, `(pointing ${s} ${pick(dirs)})`);
    for (let j = 0; j < 2; j++) {
      const i = `ins${k}-${j}`;
      instruments.push(i);
      init.push(`(on-board ${i} ${s})`, `(calibration-target ${i} ${pick(dirs)})`, `(supports ${i} ${modes[(k + j) % modes.length]})`);
      if (random() < 0.5) init.push(`(supports ${i} ${pick(modes)})`);
    }
  });
  const supported = modes.filter((m) => init.some((f) => f.startsWith('(supports') && f.endsWith(` ${m})`)));
  const wanted = new Map<string, string>();
  while (wanted.size < Math.min(options.observations, dirs.length * supported.length)) wanted.set(`${pick(dirs)} ${pick(supported)}`, '');
  const obs = [...wanted.keys()];
  return `(define (problem satellite-${sats.length}-${obs.length}-${options.seed ?? 1}) (:domain satellite)
  (:objects ${sats.join(' ')} - satellite ${instruments.join(' ')} - instrument ${dirs.join(' ')} - direction ${modes.join(' ')} - mode)
  (:htn :ordered-subtasks (and ${obs.map((o, i) => `(t${i} (observe ${o}))`).join(' ')}))
  (:init ${[...new Set(init)].join(' ')})
  (:goal (and ${obs.map((o) => `(have-image ${o})`).join(' ')})))
`;
}
