/**
 * Why a candidate action was kept or dropped at an expansion: kept, then rules
 * 1-4 of the backward search, then budgets, duplicates, forward applicability
 * and dead ends. The search returns these codes; a trace names them. @internal
 */
export const Verdict = /* @__PURE__ */ Object.freeze({
  kept: 0,
  noEffect: 1,
  conditionConflicts: 2,
  effectConflicts: 3,
  procedural: 4,
  unusable: 5,
  tooLong: 6,
  duplicate: 7,
  conditionFailed: 8,
  unreachable: 9,
} as const);

/** Returned by a candidate's expansion instead of a verdict when the node pool is full. @internal */
export const NODES_FULL = -1;
