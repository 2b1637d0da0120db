import { violates } from '../domain/cellSet.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/**
 * Lookup tables for backward search, built once per planner. Achievers: per
 * bool/enum cell and value, the actions whose effect sets the cell to that
 * value, so a regressed goal meets only the actions that satisfy one of its
 * conditions (rule 1) without testing the others; int cells keep the domain's
 * effect index. Effect lists: per action, its bool/enum effects as (word
 * offset, bit position, value), so an action whose effect sets a value the goal excludes is
 * rejected before it is regressed (the most common outcome). @internal
 */
export class BackwardIndex {
  /** Per bool/enum cell: its first entry in {@link start} (one entry per value, so a cell's entries share cache lines). */
  readonly cellStart: Int32Array;
  /** Per cellStart[c] + value: the range of {@link achievers} setting that value (start; end is the next entry). */
  readonly start: Int32Array;
  readonly achievers: Int32Array;
  /** Per action: its bool/enum effects, `effectWord`/`effectValue[effects[a]..effects[a + 1])`. */
  readonly effects: Int32Array;
  readonly effectWord: Int32Array;
  /** The field's bit position in its word (see `Layout`). */
  readonly effectShift: Uint8Array;
  readonly effectValue: Int32Array;

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
    const words: number[] = [];
    const shifts: number[] = [];
    const values: number[] = [];
    this.effects = new Int32Array(d.actionCount + 1);
    for (let a = 0; a < d.actionCount; a++) {
      this.effects[a] = words.length;
      for (let t = d.effectStart[a]; t < d.touchStart[a + 1]; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        if (d.isInt[c] === 1) continue;
        buckets[this.cellStart[c] + T[k + Touch.effValue]].push(a);
        words.push(T[k + Touch.offset]);
        shifts.push(T[k + Touch.shift]);
        values.push(T[k + Touch.effValue]);
      }
    }
    this.effects[d.actionCount] = words.length;
    this.effectWord = Int32Array.from(words);
    this.effectShift = Uint8Array.from(shifts);
    this.effectValue = Int32Array.from(values);
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
    const effectWord = this.effectWord;
    const effectShift = this.effectShift;
    const effectValue = this.effectValue;
    for (let i = this.effects[a], end = this.effects[a + 1]; i < end; i++)
      if (violates(words, base + effectWord[i], effectShift[i], false, effectValue[i])) return true;
    return false;
  }
}
