// The layout of a decomposition record of the ordered search: one per decomposition point that still has methods
// left, written only by OrderedSearch (its inline loop and `record`, which the general path asks for) and read back
// when the search backtracks.
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

/**
 * @internal What the general path (`GeneralPath`) asks of the search that keeps the decomposition records:
 * `OrderedSearch` writes them, in its inline loop and here, so that the loop writes them where it runs.
 */
export interface RecordKeeper {
  /** How many records are open. */
  readonly recordCount: number;
  /** The records, for reading a header at an offset {@link popRecord} returned. */
  readonly records: Int32Array;
  /**
   * Record a decomposition point: compound `call` took `method` (see {@link R_METHOD}) with the task list at
   * (`head`, `arena`), `dyn` dynamic calls, the plan's and MTR's lengths, the MTR tie and the strategy order's base
   * (or -1); the keeper adds the method order's top, the used slots, the check scopes and the planning state.
   */
  record(call: number, method: number, head: number, arena: number, dyn: number, plan: number, mtr: number, tie: number, base: number): void;
  /**
   * Take the latest record back (there must be one): the planning state, method orders, used slots and check scopes
   * return to it; returns its offset in {@link records}, where the caller reads the rest.
   */
  popRecord(): number;
}
