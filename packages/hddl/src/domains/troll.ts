/**
 * The Trunk Thumper troll of the HTN guide's recursion stage (`trollTrunkDomain` in `@dualplan/htn/examples`) as
 * HDDL, written for dualplan: it attacks when it sees an enemy (slamming with its trunk, fetching a new one when
 * the trunk is broken: a recursion) and patrols its bridges otherwise. The trunk's health is an object (`h0`..`h3`)
 * with a static `next` relation; setting a location deletes every other one with a `forall` effect.
 */
export const TROLL_HDDL_DOMAIN = `; The Trunk Thumper troll (written for dualplan).
(define (domain trunk-thumper)
  (:requirements :hierarchy :typing :negative-preconditions :method-preconditions :equality :universal-preconditions)
  (:types place health)
  (:constants enemy bridge trunk - place h0 h1 h2 h3 - health)
  (:predicates (can-see-enemy) (at ?p - place) (trunk-health ?h - health) (next ?lower ?higher - health))
  (:task be-trunk-thumper :parameters ())
  (:task attack-enemy :parameters ())
  (:method attack :parameters () :task (be-trunk-thumper) :precondition (can-see-enemy) :ordered-subtasks (attack-enemy))
  (:method patrol :parameters () :task (be-trunk-thumper)
    :ordered-subtasks (and (choose-bridge-to-check) (navigate-to-bridge) (check-bridge)))
  (:method trunk-slam :parameters (?h ?lower - health) :task (attack-enemy)
    :precondition (and (trunk-health ?h) (next ?lower ?h))
    :ordered-subtasks (and (navigate-to-enemy) (do-trunk-slam ?h ?lower)))
  (:method get-new-trunk :parameters () :task (attack-enemy)
    :ordered-subtasks (and (find-trunk) (navigate-to-trunk) (uproot-trunk) (attack-enemy)))
  (:action navigate-to-enemy :parameters () :effect (and (forall (?p - place) (not (at ?p))) (at enemy)))
  (:action navigate-to-bridge :parameters () :effect (and (forall (?p - place) (not (at ?p))) (at bridge)))
  (:action navigate-to-trunk :parameters () :effect (and (forall (?p - place) (not (at ?p))) (at trunk)))
  (:action do-trunk-slam :parameters (?h ?lower - health)
    :precondition (and (trunk-health ?h) (next ?lower ?h))
    :effect (and (not (trunk-health ?h)) (trunk-health ?lower)))
  (:action choose-bridge-to-check :parameters ())
  (:action check-bridge :parameters ())
  (:action find-trunk :parameters ())
  (:action uproot-trunk :parameters () :effect (and (forall (?h - health) (not (trunk-health ?h))) (trunk-health h3))))
`;

/** Where the troll is, as the TypeScript troll's `WsLocation`. */
export type TrollPlace = 'enemy' | 'bridge' | 'trunk';

/**
 * A troll problem: the state (does it see an enemy, its trunk's health 0..3, where it is) and the task
 * `be-trunk-thumper`.
 * @example
 * const text = trollHddlProblem({ canSeeEnemy: true, trunkHealth: 0 });
 */
export function trollHddlProblem(state: { canSeeEnemy: boolean; trunkHealth: number; at?: TrollPlace }): string {
  const health = Math.max(0, Math.min(3, Math.round(state.trunkHealth)));
  const init = [
    '(next h0 h1) (next h1 h2) (next h2 h3)',
    `(trunk-health h${health})`,
    `(at ${state.at ?? 'bridge'})`,
    state.canSeeEnemy ? '(can-see-enemy)' : '',
  ];
  return `(define (problem troll) (:domain trunk-thumper)
  (:htn :ordered-subtasks (be-trunk-thumper))
  (:init ${init.join(' ').trim()}))
`;
}
