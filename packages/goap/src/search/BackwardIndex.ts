import type { GoapDomain } from '../domain/GoapDomain.js';
import { isFree, maskAt, wideFree } from '../domain/cellSet.js';
import * as Touch from '../domain/Touch.js';

/** Bitsets of actions are used up to this many words per set (1,024 actions); larger domains keep the achiever lists. */
const MAX_SET_WORDS = 32;
/** ... and while the two tables take at most this many words (8 MiB together). */
const MAX_SET_TABLE = 1 << 20;
/**
 * ... and only where achiever lists are long for the set size: a constrained cell costs three passes over a set's
 * words, against a clash test per achiever. Measured (alternating A/B, per expansion): blocks world (lists of 41 for
 * 7-word sets) 35-40% faster with sets; gripper (7 for 3) even; miconic (5.5 for 3), logistics (2.1 for 2), the
 * soldier (1.3 for 1) and chain(100) (1.7 for 10) 5-25% slower. Sets need lists of at least this many entries per word.
 */
const LIST_PER_SET_WORD = 2;

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
  /**
   * Action sets as bitsets of {@link setWords} words, when the domain is small enough for them (else null; see
   * {@link MAX_SET_WORDS}): per fact f (`cellStart[c] + value`), `setterBits[f * setWords..]` holds the actions whose
   * effect sets that value and `otherBits[f * setWords..]` those whose effect sets the cell to any other value. A
   * regressed goal's candidates are then the union of the setters of the values it allows minus, per cell, the
   * actions that set it to none of them: a few word operations per constrained cell instead of a clash test per
   * achiever (blocks world's "hand empty" has a hundred achievers, of which one or two fit a given goal).
   */
  readonly setWords: number;
  readonly setterBits: Int32Array | null;
  readonly otherBits: Int32Array | null;
  /** Scratch of one expansion: the candidates found so far and the actions ruled out. */
  readonly relevantScratch: Int32Array;
  readonly deadScratch: Int32Array;
  readonly cellScratch: Int32Array;

  /** `sets`: whether to build the action bitsets: where they pay (the default), or always where they fit (tests). */
  constructor(
    private readonly d: GoapDomain,
    sets: 'auto' | 'always' = 'auto',
  ) {
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
    const W = (this.setWords = (d.actionCount + 31) >>> 5);
    // The achiever list a lookup meets, on average over achiever entries (long lists weigh more, as they are met more).
    let entries = 0;
    let squares = 0;
    for (const list of buckets) {
      entries += list.length;
      squares += list.length * list.length;
    }
    const typicalList = entries === 0 ? 0 : squares / entries;
    const useSets = W <= MAX_SET_WORDS && facts * W <= MAX_SET_TABLE && (sets === 'always' || typicalList >= LIST_PER_SET_WORD * W);
    this.setterBits = useSets ? new Int32Array(facts * W) : null;
    this.otherBits = useSets ? new Int32Array(facts * W) : null;
    this.relevantScratch = new Int32Array(W);
    this.deadScratch = new Int32Array(W);
    this.cellScratch = new Int32Array(W);
    if (useSets) {
      for (let c = 0; c < size; c++) {
        if (d.isInt[c] === 1) continue;
        const first = this.cellStart[c];
        const values = d.schema.max[c] + 1;
        for (let v = 0; v < values; v++) {
          for (const a of buckets[first + v]) {
            this.setterBits![(first + v) * W + (a >>> 5)] |= 1 << (a & 31);
            for (let u = 0; u < values; u++) if (u !== v) this.otherBits![(first + u) * W + (a >>> 5)] |= 1 << (a & 31);
          }
        }
      }
    }
    this.start = new Int32Array(facts + 1);
    const list: number[] = [];
    for (let f = 0; f < facts; f++) {
      this.start[f] = list.length;
      for (const a of buckets[f]) list.push(a);
    }
    this.start[facts] = list.length;
    this.achievers = Int32Array.from(list);
  }

  /**
   * The candidates of expanding the regressed goal at `words[base..]` by the action bitsets, into
   * {@link relevantScratch}: the actions that set a value the goal allows in some constrained bool/enum cell
   * (rule 1); and into {@link deadScratch} those that set a value it excludes in any (they would fail at once), or,
   * with invariant pruning (`mutexBits`), need what excludes a value it needs in a cell they leave alone.
   */
  collectCandidates(words: Int32Array, base: number, mutexBits: Int32Array | null): void {
    const d = this.d;
    const W = this.setWords;
    const setter = this.setterBits!;
    const other = this.otherBits!;
    const rel = this.relevantScratch;
    const dead = this.deadScratch;
    const cellDead = this.cellScratch;
    const cellStart = this.cellStart;
    const { offset, shift, isInt, wide, full } = d;
    const { min, max, size } = d.schema;
    for (let i = 0; i < W; i++) rel[i] = dead[i] = 0;
    for (let c = 0; c < size; c++) {
      if (isInt[c] === 1) continue;
      const o = base + offset[c];
      const wd = wide[c] === 1;
      if (wd ? wideFree(words, o, max[c] + 1) : isFree(words, o, shift[c], false, c, min, max, full)) continue;
      // Ruled out at this cell: the actions that set it to none of the allowed values (the setters of other values of each).
      let values = 0;
      for (let w = 0, n = wd ? (max[c] + 32) >>> 5 : 1; w < n; w++) {
        for (let m = wd ? words[o + w] : maskAt(words, o, shift[c], full[c]); m !== 0; m &= m - 1) {
          const fb = (cellStart[c] + w * 32 + 31 - Math.clz32(m & -m)) * W;
          for (let i = 0; i < W; i++) rel[i] |= setter[fb + i];
          // Out for this value: setting the cell to another value, or (pruning) needing what excludes this one.
          if (mutexBits === null) {
            if (values++ === 0) for (let i = 0; i < W; i++) cellDead[i] = other[fb + i];
            else for (let i = 0; i < W; i++) cellDead[i] &= other[fb + i];
          } else if (values++ === 0) for (let i = 0; i < W; i++) cellDead[i] = other[fb + i] | mutexBits[fb + i];
          else for (let i = 0; i < W; i++) cellDead[i] &= other[fb + i] | mutexBits[fb + i];
        }
      }
      for (let i = 0; i < W; i++) dead[i] |= cellDead[i];
    }
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
