/**
 * Read-only view of a node passed to a custom heuristic (reused object: do not keep it).
 * Read cells through the accessors: backward nodes pack bool and enum cells as bit
 * fields into shared words, so the raw {@link GoapNodeView.words} layout is the
 * domain's (`offset`, `shift`, `full`) and may change between versions.
 * @example
 * const hasAxe = schema.cellOf(keys.HasAxe);
 * const heuristic = (node: GoapNodeView) => (node.allows(hasAxe, 0) ? 0 : 2); // 2 while the node needs the axe
 */
export interface GoapNodeView {
  readonly mode: 'backward' | 'forward';
  /** Backward: the node's conditions the start state violates. Forward: the goal conditions this state violates. */
  readonly unsatisfied: number;
  /** Raw node words at {@link GoapNodeView.at}: backward the packed regressed goal (see `GoapDomain.offset`), forward one value per cell. */
  readonly words: Int32Array;
  /** Offset of this node in `words`. */
  readonly at: number;
  /** True when the node allows `value` for cell `cell`: backward, the regressed goal allows it; forward, the state holds it. */
  allows(cell: number, value: number): boolean;
  /**
   * Backward: the values of bool/enum cell `cell` the regressed goal allows, as a bitmask (bit v: value v; every
   * bit of the key's values set when the node leaves the cell free). Forward: `1 << value`. Int cells and enums
   * of more than 32 values: 0 (use {@link GoapNodeView.allows}).
   */
  mask(cell: number): number;
  /** Backward: the low end of int cell `cell`'s interval (bool/enum cells: their lowest allowed value). Forward: the value. */
  lo(cell: number): number;
  /** Backward: the high end of int cell `cell`'s interval (bool/enum cells: their highest allowed value). Forward: the value. */
  hi(cell: number): number;
}

/**
 * A heuristic: an estimate of the remaining cost, >= 0. Admissible when it never
 * overestimates. `Infinity` says the node is a dead end (it is never expanded);
 * NaN, a negative number, a non-number or a throw is reported in the result's
 * `faults` as `INVALID_HEURISTIC` / `HEURISTIC_THREW`, and the rest of that search uses h = 0.
 */
export type GoapHeuristic = (node: GoapNodeView) => number;
