/** What a step of the small-domain fast path (`BitSearch.step`) ended with. @internal */
export const BitStep = {
  running: 0,
  found: 1,
  none: 2,
  /** Open list empty after the plan-length budget cut a branch. */
  length: 3,
  expansions: 4,
  time: 5,
  nodes: 6,
  /** The heuristic's restart is due: the search goes on in the general path. */
  restart: 7,
} as const;
