/**
 * A grounded STRIPS task: atoms numbered 0..atoms.length-1, actions as id
 * lists. Only fluent atoms reachable in the delete relaxation remain; static
 * atoms and atoms that never change were folded into the actions and goal.
 */
export interface GroundAction {
  /** `(schema obj...)`, the PDDL plan-file form. */
  readonly name: string;
  /** The action schema's name. */
  readonly schema: string;
  /** The objects bound to the schema's parameters, in order. */
  readonly args: readonly string[];
  /** Atoms that must be true / false. */
  readonly pre: readonly number[];
  readonly preNeg: readonly number[];
  /** Atoms made true / false (deletes first, then adds: an atom in both ends true, so it is only in `add`). */
  readonly add: readonly number[];
  readonly del: readonly number[];
  readonly cost: number;
}

/** A grounded planning task: every reachable atom and ground action, with the initial state and the goal. */
export interface GroundTask {
  readonly domain: string;
  readonly problem: string;
  /** Atom names in PDDL form, `(on a b)`. */
  readonly atoms: readonly string[];
  readonly actions: readonly GroundAction[];
  /** Atoms true in the initial state. */
  readonly init: readonly number[];
  readonly goal: readonly number[];
  readonly goalNeg: readonly number[];
}
