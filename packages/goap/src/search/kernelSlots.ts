// Where the one-word backward kernel (`BitKernel`) keeps each value in its packed arrays. Plain constants in a
// module of their own, so bundles inline them into the kernel's loops.

/** A node's integers in the kernel's `ints`, in this order, then how many. @internal */
export const WORD = 0;
export const DEPTH = 1;
export const FLAGS = 2;
export const UNSAT = 3;
export const PARENT = 4;
export const ACTION = 5;
export const NODE = 6;
/** A node's doubles in the kernel's `keys`: f, h (its open-list order) and g. @internal */
export const F = 0;
export const H = 1;
export const G = 2;
export const KEY = 3;
/** An action's entries in the kernel's `act`. @internal */
export const NEED = 0;
export const COND = 1;
export const HOLD = 2;
export const CLEAR = 3;
export const PUT = 4;
export const CHECKS = 5;
export const CHECKS_END = 6;
export const ACT = 8;
/** Where the kernel's `tab` holds one expansion's candidate runs, then its per-action entries (after 32 bits' two entries each). @internal */
export const TAB_ORDER = 64;
export const TAB_ACT = 96;
