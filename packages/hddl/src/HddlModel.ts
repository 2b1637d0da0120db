/** Types of a parsed (lifted) HDDL domain and problem. Positions are 1-based; every user name is lower-cased. */

/** A typed name: a parameter (`?x`), a constant or an object. */
export interface HddlTyped {
  readonly name: string;
  readonly type: string;
  readonly line: number;
  readonly column: number;
}

/** An atom `(pred arg...)`; args are variables (`?x`) or constants. `pred` is `=` for equality. */
export interface HddlAtom {
  readonly pred: string;
  readonly args: readonly string[];
  readonly line: number;
  readonly column: number;
}

/** A precondition, constraint or goal formula. */
export type HddlFormula =
  | { readonly kind: 'atom'; readonly atom: HddlAtom }
  | { readonly kind: 'not'; readonly arg: HddlFormula }
  | { readonly kind: 'and' | 'or'; readonly args: readonly HddlFormula[] }
  | { readonly kind: 'imply'; readonly args: readonly [HddlFormula, HddlFormula] }
  | { readonly kind: 'forall' | 'exists'; readonly params: readonly HddlTyped[]; readonly body: HddlFormula };

/** One effect: an added or deleted atom, or a `forall`/`when` around more effects. */
export type HddlEffect =
  | { readonly kind: 'add' | 'del'; readonly atom: HddlAtom }
  | { readonly kind: 'forall'; readonly params: readonly HddlTyped[]; readonly body: readonly HddlEffect[] }
  | { readonly kind: 'when'; readonly condition: HddlFormula; readonly body: readonly HddlEffect[] };

/** A primitive task (`:action`). */
export interface HddlAction {
  readonly name: string;
  readonly parameters: readonly HddlTyped[];
  /** Null when the action has none. */
  readonly precondition: HddlFormula | null;
  readonly effects: readonly HddlEffect[];
  readonly line: number;
  readonly column: number;
}

/** An abstract (compound) task declared with `:task`. */
export interface HddlTaskDecl {
  readonly name: string;
  readonly parameters: readonly HddlTyped[];
  readonly line: number;
  readonly column: number;
}

/** A subtask of a method or of the initial task network: its label (`task0`, or `#i` when unlabelled) and its task. */
export interface HddlSubtask {
  readonly id: string;
  readonly task: string;
  readonly args: readonly string[];
  readonly line: number;
  readonly column: number;
}

/** A task network: subtasks, the ordering pairs (`before` < `after`, as subtask indices) and constraints. */
export interface HddlNetwork {
  readonly subtasks: readonly HddlSubtask[];
  readonly ordering: readonly (readonly [number, number])[];
  /** `:constraints` (equalities and their negations in practice), null when absent. */
  readonly constraints: HddlFormula | null;
  /** The network was written as `:ordered-subtasks`/`:ordered-tasks`. */
  readonly ordered: boolean;
}

/** A method: the task it decomposes, its parameters, precondition and task network. */
export interface HddlMethod extends HddlNetwork {
  readonly name: string;
  readonly parameters: readonly HddlTyped[];
  readonly task: string;
  readonly taskArgs: readonly string[];
  readonly precondition: HddlFormula | null;
  readonly line: number;
  readonly column: number;
}

/** A parsed HDDL domain. Maps are keyed by user names (so `constructor` is just a name). */
export interface HddlDomain {
  readonly name: string;
  readonly requirements: readonly string[];
  /** Type → its parent types (a type may have several; `object` is the root, with none). */
  readonly types: ReadonlyMap<string, readonly string[]>;
  readonly constants: readonly HddlTyped[];
  /** Predicate → parameter types. */
  readonly predicates: ReadonlyMap<string, readonly string[]>;
  readonly tasks: ReadonlyMap<string, HddlTaskDecl>;
  readonly actions: ReadonlyMap<string, HddlAction>;
  /** In file order (the order the planner tries them). */
  readonly methods: readonly HddlMethod[];
  readonly file: string;
}

/** The initial task network of a problem (`:htn`), with its existentially bound parameters. */
export interface HddlInitialNetwork extends HddlNetwork {
  readonly parameters: readonly HddlTyped[];
}

/** A parsed HDDL problem. */
export interface HddlProblem {
  readonly name: string;
  readonly domain: string;
  readonly objects: readonly HddlTyped[];
  /** Null when the problem has no `:htn` (then only the goal constrains plans). */
  readonly htn: HddlInitialNetwork | null;
  readonly init: readonly HddlAtom[];
  readonly goal: HddlFormula | null;
  readonly file: string;
}

/** The requirements this reader accepts. */
export const HDDL_REQUIREMENTS: readonly string[] = [
  ':strips',
  ':hierarchy',
  ':typing',
  ':negative-preconditions',
  ':equality',
  ':method-preconditions',
  ':universal-preconditions',
  ':existential-preconditions',
  ':disjunctive-preconditions',
  ':quantified-preconditions',
  ':conditional-effects',
];

/**
 * Whether `type` is `ancestor` or below it (`object` is above every type; a type may have several parents).
 * @example
 * isSubtypeOf(new Map([['truck', ['vehicle']], ['vehicle', ['object']]]), 'truck', 'vehicle'); // true
 */
export function isSubtypeOf(types: ReadonlyMap<string, readonly string[]>, type: string, ancestor: string): boolean {
  if (ancestor === 'object' || type === ancestor) return true;
  const seen = new Set<string>([type]);
  const todo = [type];
  for (let t = todo.pop(); t !== undefined; t = todo.pop()) {
    for (const p of types.get(t) ?? []) {
      if (p === ancestor) return true;
      if (!seen.has(p)) {
        seen.add(p);
        todo.push(p);
      }
    }
  }
  return false;
}
