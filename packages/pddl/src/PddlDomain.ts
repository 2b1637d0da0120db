/** Types of a parsed (lifted) PDDL domain and problem. Positions are 1-based. */

/** A typed name: a parameter (`?x`), a constant or an object. */
export interface TypedName {
  readonly name: string;
  readonly type: string;
  readonly line: number;
  readonly column: number;
}

/** An atom `(pred arg...)`; args are variables (`?x`) or constants. `pred` is `=` for equality. */
export interface PddlAtom {
  readonly pred: string;
  readonly args: readonly string[];
  readonly line: number;
  readonly column: number;
}

/** A precondition or goal literal. */
export interface PddlLiteral {
  readonly atom: PddlAtom;
  readonly negated: boolean;
}

/**
 * An action's cost (`:action-costs`): `(increase (total-cost) 3)` is `{ value: 3 }`;
 * `(increase (total-cost) (road ?a ?b))` is `{ fn: 'road', args: ['?a', '?b'] }`,
 * read from the problem's static `(= (road a b) 3)` facts.
 */
export type PddlCost = { readonly value: number } | { readonly fn: string; readonly args: readonly string[] };

/** One action schema of a PDDL domain, as read: typed parameters, precondition literals, add and delete lists, cost. */
export interface PddlAction {
  readonly name: string;
  readonly parameters: readonly TypedName[];
  readonly precondition: readonly PddlLiteral[];
  readonly add: readonly PddlAtom[];
  readonly del: readonly PddlAtom[];
  /** Null without `(increase (total-cost) ...)`: cost 1 in a domain without `:action-costs`, else 0. */
  readonly cost: PddlCost | null;
  readonly line: number;
  readonly column: number;
}

/** A parsed STRIPS domain. `types` maps each type to its parent (`object` is the root, parent ''). */
export interface PddlDomain {
  readonly name: string;
  readonly requirements: readonly string[];
  readonly types: Readonly<Record<string, string>>;
  readonly constants: readonly TypedName[];
  /** Predicate name → parameter types. */
  readonly predicates: Readonly<Record<string, readonly string[]>>;
  /** Numeric function name → parameter types (`:action-costs` only: `total-cost` and static cost tables). */
  readonly functions: Readonly<Record<string, readonly string[]>>;
  readonly actions: readonly PddlAction[];
  readonly file: string;
}

/** A static numeric fact `(= (fn obj...) value)` of a problem's initial state. */
export interface PddlNumericFact {
  readonly fn: string;
  readonly args: readonly string[];
  readonly value: number;
}

/** A PDDL problem, as read: its objects, initial atoms and numeric facts, and the goal literals. */
export interface PddlProblem {
  readonly name: string;
  readonly domain: string;
  readonly objects: readonly TypedName[];
  readonly init: readonly PddlAtom[];
  readonly numeric: readonly PddlNumericFact[];
  readonly goal: readonly PddlLiteral[];
  readonly file: string;
}

/** The requirements this reader implements. */
export const SUPPORTED_REQUIREMENTS: readonly string[] = [':strips', ':typing', ':negative-preconditions', ':equality', ':action-costs'];
