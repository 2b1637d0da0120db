import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/** Node words the bit-mask path handles at most: every field an action touches lies in one or two 32-bit words. */
const MAX_WORDS = 2;

const cache = new WeakMap<GoapDomain, BitLayout | null>();

/**
 * The tables of the small-domain fast path of backward search, built once per domain when its first planner is
 * built: available when every key an action reads or writes is a bool or an enum of at most 32 values and all their
 * fields lie in at most two of the domain's node words (see `Layout`). A regressed goal is then one or two integers
 * (the other words of a node, untouched by every action, stay the goal's), and regressing through an action is a few
 * mask operations: `w' = ((w & cond) & clear) | put`, valid when `w & cond` keeps every bit of `need` and leaves no
 * condition field empty. Same node layout as the general path, so its plans, costs and tie-breaking are the same.
 * Forward, a state is the same fields holding one bit each (its value): an action applies when the state has a bit
 * in each of its conditions' allowed sets, and leads to `(w & clear) | need`.
 * @internal
 */
export class BitLayout {
  /** Words per node: 1 or 2. */
  readonly width: number;
  /** Per word of the fast path: its offset among the domain's node words. */
  readonly wordAt: Int32Array;
  /** The bool/enum cells whose field lies in a fast word, ascending, with that word (0 or 1), the field's shift and full mask. */
  readonly cells: Int32Array;
  readonly cellWord: Uint8Array;
  readonly cellShift: Uint8Array;
  readonly cellFull: Int32Array;
  /** Per cell of {@link cells}: the bit of its value 0 across the fast words (`32 * word + shift`). */
  readonly cellBit: Int32Array;
  /** Per action, `width` words each: the mask its conditions leave (conditions' allowed values, every other bit set). */
  readonly cond: Int32Array;
  /** The bits its effects set: each must be allowed by the goal regressed through it. */
  readonly need: Int32Array;
  /** Every bit but its effects' fields. */
  readonly clear: Int32Array;
  /** Its effects' fields after regression: the values its conditions allow there (all of them without a condition). */
  readonly put: Int32Array;
  /**
   * The bits a regressed goal must keep through its conditions: {@link need}'s, and the one value allowed by each
   * condition that allows one (its field ends up empty exactly when that bit is 0), so one mask test stands for those.
   */
  readonly hold: Int32Array;
  /**
   * Per action, the fields of its other conditions (those allowing several values; CSR: `checkStart[a]..checkStart[a + 1]`),
   * by fast word and mask: none may end up empty.
   */
  readonly checkStart: Int32Array;
  readonly checkWord: Uint8Array;
  readonly checkMask: Int32Array;
  /** Forward: per action, the allowed values of each key it constrains (CSR by action), by fast word and mask: the state must hold one. */
  readonly applyStart: Int32Array;
  readonly applyWord: Uint8Array;
  readonly applyMask: Int32Array;
  /** Per cell: the fast word holding its field (-1: none, the cell keeps its start value forward), for reading a state's value. */
  readonly fieldWord: Int8Array;
  /** Per fast word: the bits of its {@link cells}' fields (a node's 0 bits among them are excluded values: its constrained fields). */
  readonly fieldBits: Int32Array;
  /** Per bit of the fast words (`32 * word + bit`): the index in {@link cells} of the field holding it, or -1. */
  readonly bitCell: Int8Array;
  /**
   * True when {@link cells} ascend by word, then bit, as they do by cell: a node's constrained fields are then found
   * in cell order from its 0 bits (see `BitSearch.expand`), else by a walk over every cell.
   */
  readonly bitOrdered: boolean;

  private constructor(domain: GoapDomain, words: readonly number[]) {
    const W = (this.width = words.length);
    this.wordAt = Int32Array.from(words);
    const cells: number[] = [];
    for (let c = 0; c < domain.schema.size; c++) if (domain.isInt[c] === 0 && domain.wide[c] === 0 && words.includes(domain.offset[c])) cells.push(c);
    this.cells = Int32Array.from(cells);
    this.cellWord = Uint8Array.from(cells, (c) => words.indexOf(domain.offset[c]));
    this.cellShift = Uint8Array.from(cells, (c) => domain.shift[c]);
    this.cellFull = Int32Array.from(cells, (c) => domain.full[c]);
    this.cellBit = Int32Array.from(cells, (_, i) => 32 * this.cellWord[i] + this.cellShift[i]);
    const A = domain.actionCount;
    this.cond = new Int32Array(A * W).fill(-1);
    this.need = new Int32Array(A * W);
    this.clear = new Int32Array(A * W).fill(-1);
    this.put = new Int32Array(A * W);
    this.hold = new Int32Array(A * W);
    this.checkStart = new Int32Array(A + 1);
    const checkWord: number[] = [];
    const checkMask: number[] = [];
    this.applyStart = new Int32Array(A + 1);
    const applyWord: number[] = [];
    const applyMask: number[] = [];
    this.fieldWord = new Int8Array(domain.schema.size).fill(-1);
    for (let i = 0; i < cells.length; i++) this.fieldWord[cells[i]] = this.cellWord[i];
    this.fieldBits = new Int32Array(W);
    this.bitCell = new Int8Array(32 * W).fill(-1);
    let ordered = cells.length <= 127;
    for (let i = 0; i < cells.length; i++) {
      const j = this.cellWord[i];
      const field = this.cellFull[i] << this.cellShift[i];
      this.fieldBits[j] |= field;
      for (let b = 0; b < 32; b++) if ((field >>> b) & 1) this.bitCell[32 * j + b] = i;
      // Fields are packed first fit: within a word they ascend with the cell, but a later cell may fill an earlier word.
      if (i > 0 && 32 * j + this.cellShift[i] <= 32 * this.cellWord[i - 1] + this.cellShift[i - 1]) ordered = false;
    }
    this.bitOrdered = ordered;
    const T = domain.touch;
    for (let a = 0; a < A; a++) {
      this.checkStart[a] = checkWord.length;
      this.applyStart[a] = applyWord.length;
      for (let t = domain.touchStart[a]; t < domain.touchStart[a + 1]; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        const o = a * W + words.indexOf(T[k + Touch.offset]);
        const sh = T[k + Touch.shift];
        const field = domain.full[c] << sh;
        const allowed = (T[k + Touch.allowA] << sh) & field;
        if (allowed !== field) {
          applyWord.push(o - a * W);
          applyMask.push(allowed);
        }
        if (t < domain.effectStart[a]) {
          this.cond[o] &= ~field | allowed;
          if (allowed !== 0 && (allowed & (allowed - 1)) === 0) this.hold[o] |= allowed;
          else {
            checkWord.push(o - a * W);
            checkMask.push(field);
          }
        } else {
          this.need[o] |= 1 << (sh + T[k + Touch.effValue]);
          this.clear[o] &= ~field;
          this.put[o] |= allowed;
        }
      }
    }
    for (let o = 0; o < A * W; o++) this.hold[o] |= this.need[o];
    this.checkStart[A] = checkWord.length;
    this.applyStart[A] = applyWord.length;
    this.applyWord = Uint8Array.from(applyWord);
    this.applyMask = Int32Array.from(applyMask);
    this.checkWord = Uint8Array.from(checkWord);
    this.checkMask = Int32Array.from(checkMask);
  }

  /**
   * A fast-path node (words `w0`, `w1`) in the general path's layout, for describing it (allocates): backward, the
   * goal's node words `goalWords` with the fast words written over them; forward, one value per cell of the `size`
   * cells, the start state's (`startValues`) where no action touches the cell.
   */
  generalWords(forward: boolean, w0: number, w1: number, goalWords: Int32Array, startValues: ArrayLike<number>, size: number): Int32Array {
    if (!forward) {
      const out = Int32Array.from(goalWords);
      out[this.wordAt[0]] = w0;
      if (this.width === 2) out[this.wordAt[1]] = w1;
      return out;
    }
    const out = new Int32Array(size);
    this.stateInto(w0, w1, startValues, size, out, 0);
    return out;
  }

  /** Forward: the state of a fast-path node (words `w0`, `w1`) into `out[at..]`, one value per cell of `size` (see {@link generalWords}). */
  stateInto(w0: number, w1: number, startValues: ArrayLike<number>, size: number, out: Int32Array, at: number): void {
    for (let c = 0; c < size; c++) out[at + c] = startValues[c];
    for (let i = 0; i < this.cells.length; i++)
      out[at + this.cells[i]] = 31 - Math.clz32(((this.cellWord[i] === 0 ? w0 : w1) >>> this.cellShift[i]) & this.cellFull[i]);
  }

  /** The domain's fast-path tables, or null when it does not fit them (built once per domain). */
  static of(domain: GoapDomain): BitLayout | null {
    let layout = cache.get(domain);
    if (layout === undefined) {
      const words = fastWords(domain);
      layout = words === null ? null : new BitLayout(domain, words);
      cache.set(domain, layout);
    }
    return layout;
  }
}

/**
 * The node words holding the fields actions touch, or null when an action touches an int or a wide enum, touches a
 * cell twice (regression would have to apply its records in order), or the fields span more than two words.
 */
function fastWords(domain: GoapDomain): number[] | null {
  const T = domain.touch;
  const words: number[] = [];
  for (let a = 0; a < domain.actionCount; a++) {
    const from = domain.touchStart[a];
    for (let t = from; t < domain.touchStart[a + 1]; t++) {
      const k = t * Touch.size;
      if (T[k + Touch.isInt] !== 0) return null;
      for (let u = from; u < t; u++) if (T[u * Touch.size + Touch.cell] === T[k + Touch.cell]) return null;
      const o = T[k + Touch.offset];
      if (!words.includes(o)) words.push(o);
      if (words.length > MAX_WORDS) return null;
    }
  }
  return words.length === 0 ? null : words.sort((x, y) => x - y);
}
