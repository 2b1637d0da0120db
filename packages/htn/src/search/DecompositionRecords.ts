import type { WorldState } from '@dualplan/world-state';
import { grow } from '../domain/grow.js';
import type { CheckScopes } from './CheckScopes.js';
import * as Rec from './decompositionRecord.js';
import type { MethodOrder } from './MethodOrder.js';
import type { SlotList } from './SlotList.js';

/**
 * @internal The ordered search's decomposition records: one per decomposition point that still has methods left
 * (the layout in decompositionRecord.ts), each a header and a copy of the planning state's words, so that
 * backtracking returns to the point. Grows only while warming up.
 *
 * The general path adds and takes records with {@link record} and {@link pop}. The search's inline loop, where a
 * call per record would cost more than the record itself, holds the buffer and the count in locals: it writes
 * records into {@link buffer} (after {@link room} when it is full) and hands its count back with {@link truncate}
 * before the general code runs. A search starts with none: the loop starts its count at 0, so the count here is
 * the last general call's until the next one.
 */
export class DecompositionRecords {
  private rec: Int32Array;
  private n = 0;
  /** Int32 slots per record: the header, then the planning state's words. */
  readonly width: number;

  /** Records snapshot `ws`'s words, and the method orders', used slots' and check scopes' positions. */
  constructor(
    private readonly ws: WorldState<any>,
    private readonly order: MethodOrder,
    private readonly used: SlotList,
    private readonly scopes: CheckScopes,
  ) {
    this.width = Rec.REC + ws.words.length;
    this.rec = new Int32Array(64 * this.width);
  }

  /** How many records are open. */
  get count(): number {
    return this.n;
  }

  /** The records: record k at `k * width`. */
  get buffer(): Int32Array {
    return this.rec;
  }

  /** Keep the first `count` records (the inline loop hands back its count). */
  truncate(count: number): void {
    this.n = count;
  }

  /** The buffer with room for at least `length` slots (grown when needed). */
  room(length: number): Int32Array {
    if (this.rec.length < length) this.rec = grow(this.rec, length);
    return this.rec;
  }

  /**
   * Record a decomposition point: compound `call` took `method` (see {@link Rec.R_METHOD}) with the task list at
   * (`head`, `arena`), `dyn` dynamic calls, the plan's and MTR's lengths, the MTR tie and the strategy order's base
   * (or -1); the method orders' top, the used slots, the check scopes and the planning state are read here.
   */
  record(call: number, method: number, head: number, arena: number, dyn: number, plan: number, mtr: number, tie: number, base: number): void {
    const R = this.width;
    const o = this.n++ * R;
    const rec = this.room(o + R);
    rec[o + Rec.R_CALL] = call;
    rec[o + Rec.R_METHOD] = method;
    rec[o + Rec.R_HEAD] = head;
    rec[o + Rec.R_ARENA] = arena;
    rec[o + Rec.R_DYN] = dyn;
    rec[o + Rec.R_PLAN] = plan;
    rec[o + Rec.R_MTR] = mtr;
    rec[o + Rec.R_TIE] = tie;
    rec[o + Rec.R_ORDER_BASE] = base;
    rec[o + Rec.R_ORDER_TOP] = this.order.top;
    rec[o + Rec.R_USED] = this.used.count;
    rec[o + Rec.R_SCOPE] = this.scopes.current;
    rec[o + Rec.R_SCOPE_TOP] = this.scopes.top;
    const words = this.ws.words;
    for (let i = Rec.REC; i < R; i++) rec[o + i] = words[i - Rec.REC];
  }

  /**
   * Take the latest record back (there must be one): the planning state, method orders, used slots and check scopes
   * return to it; returns its offset in {@link buffer}, where the caller reads the rest of its header.
   */
  pop(): number {
    const R = this.width;
    const o = --this.n * R;
    const rec = this.rec;
    this.order.rewind(rec[o + Rec.R_ORDER_TOP]);
    this.used.truncate(rec[o + Rec.R_USED]);
    this.scopes.restore(rec[o + Rec.R_SCOPE], rec[o + Rec.R_SCOPE_TOP]);
    const words = this.ws.words;
    for (let i = Rec.REC; i < R; i++) words[i - Rec.REC] = rec[o + i];
    return o;
  }
}
