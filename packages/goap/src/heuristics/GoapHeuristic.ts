/** Read-only view of a node passed to a custom heuristic (reused object: do not keep it). */
export interface GoapNodeView {
  readonly mode: 'backward' | 'forward';
  /** Backward: the node's conditions the start state violates. Forward: the goal conditions this state violates. */
  readonly unsatisfied: number;
  /** Node words: per cell a mask or [lo, hi] (backward, see `domain.offset`), or the cell values (forward). */
  readonly words: Int32Array;
  /** Offset of this node in `words`. */
  readonly at: number;
}

/** A heuristic: an estimate of the remaining cost, >= 0. Admissible when it never overestimates. */
export type GoapHeuristic = (node: GoapNodeView) => number;
