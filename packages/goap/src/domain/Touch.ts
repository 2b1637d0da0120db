// Layout of one record of `GoapDomain.touch`: a cell an action touches. Record
// `t` starts at `t * size`. `allowA`/`allowB` are the cell set the action's
// conditions allow: a mask of values in `allowA` (bool/enum cells; unshifted:
// bit v is value v), or the interval [`allowA`, `allowB`] (int cells). A
// bool/enum cell's field sits at bit `shift` of node word `offset` (see
// `Layout`); `shares` marks a record whose word an earlier record of the same
// action also writes, so regression reads that record's pending word. `effOp` is world-state's
// `EffOp.Set` or `EffOp.Add`, or NO_EFFECT for a condition-only record; `edge`
// is world-state's `Edge` policy of an `add`. Read as `import * as Touch`, so
// `T[k + Touch.allowA]` names the field and bundles to a plain number.

/** The cell. @internal */
export const cell = 0;
/** Its word offset in node words (backward). @internal */
export const offset = 1;
/** 1 when it is an int (interval) cell, {@link WIDE} for an enum of more than 32 values, else 0. @internal */
export const isInt = 2;
/** Effect op (world-state's `EffOp`), or {@link NO_EFFECT}. @internal */
export const effOp = 3;
/** The effect's value (set) or delta (add). @internal */
export const effValue = 4;
/** The effect's edge policy (world-state's `Edge`). @internal */
export const edge = 5;
/** The allowed mask, the interval's low end, or (wide enums) the offset of the allowed mask in `GoapDomain.sets`. @internal */
export const allowA = 6;
/** The interval's high end (int cells). @internal */
export const allowB = 7;
/** Bit position of a bool/enum cell's field in its word (0 for ints). @internal */
export const shift = 8;
/** 1 when an earlier record of the same action has a field in the same word. @internal */
export const shares = 9;
/** Numbers per record. @internal */
export const size = 10;

/** `isInt` of a record of an enum of more than 32 values (a multi-word field; its mask in `GoapDomain.sets`). @internal */
export const WIDE = 2;

/** `effOp` of a record that only carries a condition. @internal */
export const NO_EFFECT = -1;
