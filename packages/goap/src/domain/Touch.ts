/**
 * Layout of one record of `GoapDomain.touch`: a cell an action touches.
 * `allowA`/`allowB` are the cell set the action's conditions allow: a mask of
 * values in `allowA` (bool/enum cells), or the interval [`allowA`, `allowB`]
 * (int cells). `effOp` is world-state's `EffOp.Set` or `EffOp.Add`, or
 * {@link NO_EFFECT} for a condition-only record; `edge` is world-state's `Edge`
 * policy of an `add`. Record `t` starts at `t * Touch.size`. @internal
 */
export const Touch = /* @__PURE__ */ Object.freeze({ cell: 0, offset: 1, isInt: 2, effOp: 3, effValue: 4, edge: 5, allowA: 6, allowB: 7, size: 8 } as const);

/** `Touch.effOp` of a record that only carries a condition. @internal */
export const NO_EFFECT = -1;

/**
 * Values a bool/enum cell's mask can hold (one bit each): per-fact tables are
 * laid out as `cell * VALUES_PER_CELL + value`. @internal
 */
export const VALUES_PER_CELL = 32;
