import { grow } from '../domain/grow.js';
import type { CheckScopes } from './CheckScopes.js';
import type { MethodOrder } from './MethodOrder.js';
import type { UsedSlots } from './UsedSlots.js';

// The layout of a decomposition record: a header of REC Int32 slots at the R_ offsets, then the state snapshot.
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
 * @internal The ordered search's decomposition history: one record per decomposition point that still has methods
 * left, holding what to return to (the layout above). {@link save} is the only writer of a record; {@link pop} takes
 * the latest back: it restores the state's words and the owners handed to the constructor (method orders, used
 * slots, check scopes) itself, and returns the record's offset in {@link buffer} for the caller to read the rest.
 * Grows only while warming up.
 */
export class DecompositionRecords {
  private rec: Int32Array;
  private n = 0;
  /** Int32 slots per record: the header, then the state's words. */
  private readonly size: number;

  constructor(
    private readonly width: number,
    private readonly order: MethodOrder,
    private readonly used: UsedSlots,
    private readonly scopes: CheckScopes,
  ) {
    this.size = REC + width;
    this.rec = new Int32Array(64 * this.size);
  }

  /** How many records are open. */
  get count(): number {
    return this.n;
  }

  /** The records, for reading a header at an offset {@link pop} returned. */
  get buffer(): Int32Array {
    return this.rec;
  }

  /** The compound call of the latest record, or -1 when there is none. */
  lastCall(): number {
    return this.n > 0 ? this.rec[(this.n - 1) * this.size + R_CALL] : -1;
  }

  /** Forget every record (a new search). */
  clear(): void {
    this.n = 0;
  }

  /**
   * Record a decomposition point: compound `call` took `method` (see {@link R_METHOD}), with the task list at
   * (`head`, `arena`), `dyn` dynamic calls, the plan's and MTR's lengths, the MTR tie, the strategy order's base (or
   * -1), the method order's top, the used slots' count, the check scopes' (current, top), and the planning state
   * `words`. (The caller reads those positions from their owners: read here, they would make this method too
   * big for V8 to inline it into the search's inline loop.)
   */
  save(
    call: number,
    method: number,
    head: number,
    arena: number,
    dyn: number,
    plan: number,
    mtr: number,
    tie: number,
    base: number,
    orderTop: number,
    used: number,
    scope: number,
    scopeTop: number,
    words: Int32Array,
  ): void {
    const R = this.size;
    const o = this.n++ * R;
    if (this.rec.length < o + R) this.rec = grow(this.rec, o + R);
    const rec = this.rec;
    rec[o + R_CALL] = call;
    rec[o + R_METHOD] = method;
    rec[o + R_HEAD] = head;
    rec[o + R_ARENA] = arena;
    rec[o + R_DYN] = dyn;
    rec[o + R_PLAN] = plan;
    rec[o + R_MTR] = mtr;
    rec[o + R_TIE] = tie;
    rec[o + R_ORDER_BASE] = base;
    rec[o + R_ORDER_TOP] = orderTop;
    rec[o + R_USED] = used;
    rec[o + R_SCOPE] = scope;
    rec[o + R_SCOPE_TOP] = scopeTop;
    const W = this.width;
    for (let i = 0; i < W; i++) rec[o + REC + i] = words[i];
  }

  /**
   * Take the latest record back (there must be one): the state's words, the method orders, used slots and check
   * scopes return to it; returns its offset in {@link buffer}, where the caller reads the rest.
   */
  pop(words: Int32Array): number {
    const o = --this.n * this.size;
    const rec = this.rec;
    this.order.rewind(rec[o + R_ORDER_TOP]);
    this.used.truncate(rec[o + R_USED]);
    this.scopes.restore(rec[o + R_SCOPE], rec[o + R_SCOPE_TOP]);
    const W = this.width;
    for (let i = 0; i < W; i++) words[i] = rec[o + REC + i];
    return o;
  }
}
