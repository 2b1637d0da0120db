// The layout of a decomposition record of the ordered search: one per decomposition point that still has methods
// left, kept by DecompositionRecords (written by the search's inline loop into the buffer it hands out, and by its
// `record`, which the general path calls) and read back when the search backtracks.
/**
 * Int32 slots per decomposition record header, at these offsets; then the state snapshot (W slots).
 */
export const REC = 13;
/** The compound's call. */
export const R_CALL = 0;
/** The method taken: an absolute method index, or for a strategy compound a position in its try order. */
export const R_METHOD = 1;
/** The task list's head after the compound was taken off it. */
export const R_HEAD = 2;
/** The task list arena's top. */
export const R_ARENA = 3;
/** How many dynamic calls existed. */
export const R_DYN = 4;
/** The plan's length. */
export const R_PLAN = 5;
/** The MTR's length. */
export const R_MTR = 6;
/** How many leading MTR entries tied the reference MTR. */
export const R_TIE = 7;
/** A strategy compound's try order base in the method order arena, else -1. */
export const R_ORDER_BASE = 8;
/** The method order arena's top. */
export const R_ORDER_TOP = 9;
/** How many slots the path had used. */
export const R_USED = 10;
/** The innermost open check scope. */
export const R_SCOPE = 11;
/** The check scope arena's top. */
export const R_SCOPE_TOP = 12;
