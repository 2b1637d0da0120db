// Why a candidate action was kept or dropped at an expansion: kept, then rules
// 1-4 of the backward search, then budgets, duplicates, forward applicability
// and dead ends. The search returns these codes; a trace names them. Read as
// `import * as Verdict`, so uses bundle to plain numbers.

/** Stored as a node. @internal */
export const kept = 0;
/** Rule 1: no effect satisfies an open condition. @internal */
export const noEffect = 1;
/** Rule 2: a condition conflicts with the regressed goal. @internal */
export const conditionConflicts = 2;
/** Rule 3: an effect conflicts with the regressed goal. @internal */
export const effectConflicts = 3;
/** Rule 4: a procedural check fails on the start state. @internal */
export const procedural = 4;
/** Unusable in this search: cost Infinity, or dropped by relevance analysis. @internal */
export const unusable = 5;
/** The plan-length limit. @internal */
export const tooLong = 6;
/** An equal node is known at lower or equal cost and depth. @internal */
export const duplicate = 7;
/** Forward: a condition fails on the node's state. @internal */
export const conditionFailed = 8;
/** A condition of the result is unreachable (h = Infinity). @internal */
export const unreachable = 9;

/** The agent may not choose it now: a cooldown or `once` (the request's availability view). @internal */
export const unavailable = 10;

/** Returned by a candidate's expansion instead of a verdict when the node pool is full. @internal */
export const NODES_FULL = -1;
