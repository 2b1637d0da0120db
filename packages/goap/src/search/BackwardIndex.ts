import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/**
 * Lookup tables for backward search, built once per planner. Achievers: per
 * bool/enum cell and value, the actions whose effect sets the cell to that
 * value, so a regressed goal meets only the actions that satisfy one of its
 * conditions (rule 1) without testing the others; int cells keep the domain's
 * effect index. Effect masks: per action, the bits its bool/enum effects set, word
 * by word, so an action whose effect sets a value the goal excludes is
 * rejected before it is regressed (the most common outcome). @internal
 */
export class BackwardIndex {
  /** Per bool/enum cell: its first entry in {@link start} (one entry per value, so a cell's entries share cache lines). */
  readonly cellStart: Int32Array;
  /** Per cellStart[c] + value: the range of {@link achievers} setting that value (start; end is the next entry). */
  readonly start: Int32Array;
  readonly achievers: Int32Array;
  /**
   * Per action: the words its bool/enum effects set bits in, as (word offset, mask of the bits set) pairs at
   * `effectMasks[2 * i..]` for i in `effects[a]..effects[a + 1]`, one pair per word (effects on fields sharing a
   * word are merged), so a clash test reads each word once.
   */
  readonly effects: Int32Array;
  readonly effectMasks: Int32Array;

  constructor(d: GoapDomain) {
    const T = d.touch;
    const size = d.schema.size;
    this.cellStart = new Int32Array(size);
    let facts = 0;
    for (let c = 0; c < size; c++) {
      this.cellStart[c] = facts;
      if (d.isInt[c] === 0) facts += d.schema.max[c] + 1;
    }
    const buckets: number[][] = Array.from({ length: facts }, () => []);
    const pairs: number[] = [];
    this.effects = new Int32Array(d.actionCount + 1);
    for (let a = 0; a < d.actionCount; a++) {
      this.effects[a] = pairs.length / 2;
      const first = pairs.length;
      for (let t = d.effectStart[a]; t < d.touchStart[a + 1]; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        if (d.isInt[c] === 1) continue;
        const v = T[k + Touch.effValue];
        buckets[this.cellStart[c] + v].push(a);
        // The value's bit: bit (shift + v) of the field, which for a wide (multi-word) field lies in a later word.
        const bit = T[k + Touch.shift] + v;
        const word = T[k + Touch.offset] + (bit >>> 5);
        let i = first;
        while (i < pairs.length && pairs[i] !== word) i += 2;
        if (i === pairs.length) pairs.push(word, 0);
        pairs[i + 1] |= 1 << (bit & 31);
      }
    }
    this.effects[d.actionCount] = pairs.length / 2;
    this.effectMasks = Int32Array.from(pairs);
    this.start = new Int32Array(facts + 1);
    const list: number[] = [];
    for (let f = 0; f < facts; f++) {
      this.start[f] = list.length;
      for (const a of buckets[f]) list.push(a);
    }
    this.start[facts] = list.length;
    this.achievers = Int32Array.from(list);
  }

  /** True when one of action `a`'s bool/enum effects sets a value the regressed goal at `words[base..]` excludes. */
  clashes(words: Int32Array, base: number, a: number): boolean {
    const m = this.effectMasks;
    for (let i = 2 * this.effects[a], end = 2 * this.effects[a + 1]; i < end; i += 2) {
      const mask = m[i + 1];
      if ((words[base + m[i]] & mask) !== mask) return true;
    }
    return false;
  }
}
