import type { GoapDomain } from '../domain/GoapDomain.js';
import type { ChangeList } from './ChangeList.js';
import { mutexDeadBits } from './mutexDeadBits.js';
import { PairFixpoint } from './PairFixpoint.js';

/** Above this many bool/enum values the pair table (values²) is not built: no pruning. */
const MAX_FACTS = 4096;

const cache = new WeakMap<GoapDomain, MutexPruning | null>();

/**
 * Cross-key state invariants for backward search: pairs of values of two
 * bool/enum cells that no reachable state holds together (a key's own values
 * exclude each other already: one mask per cell). They are found as the
 * largest inductive set of pairs that no start state seen so far holds (the h²
 * style fixpoint): start from every other pair and drop a pair while some
 * action can make both true, by setting both or by setting one while the other
 * may already hold with its conditions (conditions that need only values
 * excluded by a kept pair cannot). What is left holds in every state reachable
 * from those start states. Shared per domain: a search whose start state breaks
 * a pair drops the pairs it holds and runs the fixpoint again (the set only
 * shrinks, so this settles; it is the only time pruning allocates).
 * A regressed goal that needs, in two cells, only values that exclude each
 * other describes no reachable state: it is dead (for PDDL tasks these are the
 * mutex groups the grounder could not merge into one key, such as "holding b"
 * against "hand empty" in blocks world).
 * @internal
 */
export class MutexPruning {
  private readonly nf: number;
  /** Per cell: its first value fact, or -1 (int cells). */
  private readonly base: Int32Array;
  private readonly cellOf: Int32Array;
  /** mx[p * nf + q] = 1 while facts p and q are believed mutually exclusive. */
  private readonly mx: Uint8Array;
  /** Per cell: its partner cells (with at least one excluded pair), CSR. */
  private partnerStart: Int32Array;
  private partnerCell: Int32Array;
  /** Per partner entry: the partner's word offset, field position and full mask (see `Layout`). */
  private partnerWord: Int32Array;
  private partnerShift: Uint8Array;
  private partnerFull: Int32Array;
  /**
   * Per value fact: the partners it excludes some value of, as (word offset, mask of the partner's values
   * compatible with it), CSR by fact. The check of a cell needing one value reads only these.
   */
  private factStart: Int32Array;
  private factWord: Int32Array;
  private factShift: Uint8Array;
  private factCompat: Int32Array;
  /** Per partner entry: where its table of compatible masks starts (one mask of the partner's values per own value). */
  private compatAt: Int32Array;
  private compat: Int32Array;
  /** Per node word and bit (`word * 32 + bit`): the bool/enum cell whose field holds that bit, or -1. */
  private readonly bitCell: Int32Array;
  /** Per cell: words of its value mask in the compat rows (1; `ceil(n / 32)` for an enum of more than 32 values). */
  private readonly span: Int32Array;
  /** Per cell: its partner entries that are enums of more than 32 values (checked apart from the fact lists), CSR. */
  private wideStart: Int32Array;
  private wideEntry: Int32Array;
  /** Per cell: the `excludes` call that checked it (a wide field can change in several words). */
  private readonly cellMark: Int32Array;
  private stamp = 0;
  /** The partner values some own value allows, one multi-word row (scratch of {@link pairExcludes}). */
  private readonly row = new Int32Array(32);
  /** The parent words a candidate's changes overwrite during {@link dead} (grows once to the longest change list). */
  private saved: Int32Array;
  /** The fixpoint that drops pairs some action can make true together. */
  private readonly rules: PairFixpoint;
  /** True once the fixpoint ran for some start state. */
  private settled = false;
  /** Number of excluded pairs (each counted once). */
  pairs = 0;
  /**
   * Per value fact g, a bitset of actions (`(actionCount + 31) >>> 5` words at `g * words`): those that leave g's
   * cell alone and have a condition all of whose values exclude g. Regressing a goal that needs g through such an
   * action gives a goal no reachable state satisfies, so backward search can skip it before regressing (see
   * `expandBySets`). Null for domains of more than 1,024 actions (the achiever lists and {@link dead} do the work).
   * Rebuilt with the pair tables.
   */
  deadBits: Int32Array | null = null;

  /** The domain's invariants (cached per domain), or null when it has too many values for the pair table. */
  static of(domain: GoapDomain): MutexPruning | null {
    let m = cache.get(domain);
    if (m === undefined) {
      m = null;
      let nf = 0;
      for (let c = 0; c < domain.schema.size; c++) if (domain.isInt[c] === 0) nf += domain.schema.max[c] + 1;
      if (nf > 0 && nf <= MAX_FACTS) m = new MutexPruning(domain, nf);
      cache.set(domain, m);
    }
    return m;
  }

  private constructor(
    private readonly domain: GoapDomain,
    nf: number,
  ) {
    const size = domain.schema.size;
    this.nf = nf;
    this.base = new Int32Array(size).fill(-1);
    this.cellOf = new Int32Array(nf);
    this.span = new Int32Array(size);
    this.cellMark = new Int32Array(size);
    for (let c = 0, f = 0; c < size; c++) {
      if (domain.isInt[c] === 1) continue;
      this.span[c] = domain.wide[c] === 1 ? (domain.schema.max[c] + 32) >>> 5 : 1;
      this.base[c] = f;
      for (let v = 0; v <= domain.schema.max[c]; v++) this.cellOf[f++] = c;
    }
    // Before any start state is seen, every pair of values of two cells is a candidate.
    const mx = (this.mx = new Uint8Array(nf * nf));
    for (let p = 0; p < nf; p++) for (let q = 0; q < nf; q++) if (this.cellOf[p] !== this.cellOf[q]) mx[p * nf + q] = 1;
    this.partnerStart = new Int32Array(size + 1);
    this.partnerCell = this.partnerWord = this.partnerFull = this.compatAt = this.compat = new Int32Array(0);
    this.factStart = new Int32Array(nf + 1);
    this.factWord = this.factCompat = new Int32Array(0);
    this.partnerShift = this.factShift = new Uint8Array(0);
    this.wideStart = new Int32Array(size + 1);
    this.wideEntry = new Int32Array(0);
    this.bitCell = new Int32Array(domain.words * 32).fill(-1);
    for (let c = 0; c < size; c++) {
      if (domain.isInt[c] === 1) continue;
      const bits = domain.wide[c] === 1 ? this.span[c] * 32 : domain.schema.max[c] + 1;
      for (let b = 0; b < bits; b++) this.bitCell[domain.offset[c] * 32 + domain.shift[c] + b] = c;
    }
    this.saved = new Int32Array(domain.words);
    this.rules = new PairFixpoint(domain, this.base, this.cellOf, nf);
  }

  /**
   * Make the invariants hold in the state `values` (a search's start): when it
   * breaks some, drop the pairs it holds and run the fixpoint again. False when
   * no pair is left (nothing to prune).
   */
  admit(values: ArrayLike<number>): boolean {
    if (this.settled && this.holdsIn(values)) return this.pairs > 0;
    this.settled = true;
    const { base, nf, mx } = this;
    const size = this.domain.schema.size;
    const rules = this.rules;
    rules.beginOutsideDrops();
    for (let c = 0; c < size; c++) {
      if (base[c] < 0) continue;
      const p = base[c] + values[c];
      for (let c2 = 0; c2 < size; c2++) {
        if (c2 === c || base[c2] < 0 || mx[p * nf + base[c2] + values[c2]] === 0) continue;
        mx[p * nf + base[c2] + values[c2]] = 0;
        rules.mark(p);
      }
    }
    rules.run(mx);
    this.buildTables();
    return this.pairs > 0;
  }

  /** True while value facts `p` and `q` (numbered cell by cell, a cell's values in order) are believed exclusive. */
  excluded(p: number, q: number): boolean {
    return this.mx[p * this.nf + q] === 1;
  }

  /** True when the state `values` breaks no invariant (then every state reachable from it keeps them). */
  holdsIn(values: ArrayLike<number>): boolean {
    const size = this.domain.schema.size;
    for (let c = 0; c < size; c++) {
      for (let k = this.partnerStart[c]; k < this.partnerStart[c + 1]; k++) {
        const c2 = this.partnerCell[k];
        const v2 = values[c2];
        if (((this.compat[this.compatAt[k] + values[c] * this.span[c2] + (v2 >>> 5)] >>> (v2 & 31)) & 1) === 0) return false;
      }
    }
    return true;
  }

  /**
   * True when the regressed goal at `words[base..]` patched by `ch` (a candidate)
   * needs two values that exclude each other. Only pairs with a changed cell are
   * checked: the rest were the parent's. Pairs with a free cell (any value) are
   * skipped: they exclude nothing unless some value is unreachable altogether,
   * which is not worth the reads (such a candidate just stays; pruning is optional).
   */
  dead(words: Int32Array, base: number, ch: ChangeList): boolean {
    // The candidate's words are the parent's with the changes written over them for the check, then restored.
    const n = ch.n;
    let saved = this.saved;
    if (n > saved.length) saved = this.saved = new Int32Array(n * 2);
    for (let i = 0; i < n; i++) {
      const o = base + ch.idx[i];
      saved[i] = words[o];
      words[o] = ch.val[i];
    }
    const dead = this.excludes(words, base, ch);
    for (let i = n - 1; i >= 0; i--) words[base + ch.idx[i]] = saved[i];
    return dead;
  }

  /** True when a changed cell of the words at `base` needs only values that exclude a partner's. */
  private excludes(words: Int32Array, base: number, ch: ChangeList): boolean {
    const { bitCell, saved } = this;
    const { full, shift, wide } = this.domain;
    const stamp = (this.stamp = (this.stamp + 1) | 0);
    for (let i = 0, n = ch.n; i < n; i++) {
      const j = ch.idx[i];
      const w1 = ch.val[i];
      // The fields of word j that changed, from its changed bits (several bool/enum cells share a word; a wide enum spans several).
      for (let diff = w1 ^ saved[i]; diff !== 0;) {
        const c = bitCell[j * 32 + 31 - Math.clz32(diff & -diff)];
        if (c < 0) break; // an int word
        if (wide[c] === 1) {
          diff = 0;
          if (this.cellMark[c] === stamp) continue;
          this.cellMark[c] = stamp;
          for (let k = this.partnerStart[c], end = this.partnerStart[c + 1]; k < end; k++) if (this.pairExcludes(words, base, c, k)) return true;
          continue;
        }
        diff &= ~(full[c] << shift[c]);
        if (this.cellExcludes(words, base, c, (w1 >>> shift[c]) & full[c])) return true;
      }
    }
    return false;
  }

  /**
   * {@link excludes} for partner entry `k` of cell `c` when either is an enum of more than 32 values (multi-word
   * masks): the partner values the own allowed values may coexist with, against the partner's allowed values.
   */
  private pairExcludes(words: Int32Array, base: number, c: number, k: number): boolean {
    const d = this.domain;
    const c2 = this.partnerCell[k];
    const W2 = this.span[c2];
    const at = this.compatAt[k];
    const row = this.row;
    row.fill(0, 0, W2);
    const o = base + d.offset[c];
    for (let v = 0; v <= d.schema.max[c]; v++) {
      if (((d.wide[c] === 1 ? words[o + (v >>> 5)] >>> (v & 31) : words[o] >>> (d.shift[c] + v)) & 1) === 0) continue;
      for (let w = 0; w < W2; w++) row[w] |= this.compat[at + v * W2 + w];
    }
    const o2 = base + d.offset[c2];
    for (let w = 0; w < W2; w++) {
      const m2 = d.wide[c2] === 1 ? words[o2 + w] : (words[o2] >>> d.shift[c2]) & d.full[c2];
      if ((row[w] & m2) !== 0) return false;
    }
    return true;
  }

  /** True when narrow cell `c`, needing the values `m1`, excludes every allowed value of some partner in the words at `base`. */
  private cellExcludes(words: Int32Array, base: number, c: number, m1: number): boolean {
    const { partnerStart, partnerWord, partnerShift, partnerFull, compatAt, compat, factStart, factWord, factShift, factCompat } = this;
    if (m1 === this.domain.full[c]) return false;
    // Partners that are enums of more than 32 values: multi-word rows.
    for (let i = this.wideStart[c], end = this.wideStart[c + 1]; i < end; i++) if (this.pairExcludes(words, base, c, this.wideEntry[i])) return true;
    if ((m1 & (m1 - 1)) === 0) {
      // One value needed (the common case): only the partners it excludes values of.
      const f = this.base[c] + 31 - Math.clz32(m1);
      for (let k = factStart[f], end = factStart[f + 1]; k < end; k++) if (((words[base + factWord[k]] >>> factShift[k]) & factCompat[k]) === 0) return true;
      return false;
    }
    for (let k = partnerStart[c], end = partnerStart[c + 1]; k < end; k++) {
      if (this.span[this.partnerCell[k]] !== 1) continue;
      const m2 = (words[base + partnerWord[k]] >>> partnerShift[k]) & partnerFull[k];
      // A free partner has a value compatible with any reachable one.
      if (m2 === partnerFull[k]) continue;
      const at = compatAt[k];
      let allowed = 0;
      for (let m = m1; m !== 0 && (allowed & m2) === 0; m &= m - 1) allowed |= compat[at + 31 - Math.clz32(m & -m)];
      if ((allowed & m2) === 0) return true;
    }
    return false;
  }

  /** The per-node tables: for each cell and partner cell, the partner's values each own value may coexist with. */
  private buildTables(): void {
    const d = this.domain;
    const size = d.schema.size;
    const { base, nf, mx } = this;
    const cells: number[] = [];
    const at: number[] = [];
    const compat: number[] = [];
    let pairs = 0;
    for (let c = 0; c < size; c++) {
      this.partnerStart[c] = cells.length;
      if (base[c] < 0) continue;
      for (let c2 = 0; c2 < size; c2++) {
        if (c2 === c || base[c2] < 0) continue;
        const from = compat.length;
        const W2 = this.span[c2];
        let any = false;
        for (let v = 0; v <= d.schema.max[c]; v++) {
          const row = compat.length;
          for (let w = 0; w < W2; w++) compat.push(0);
          for (let w = 0; w <= d.schema.max[c2]; w++) {
            if (mx[(base[c] + v) * nf + base[c2] + w] === 0) compat[row + (w >>> 5)] |= 1 << (w & 31);
            else {
              any = true;
              if (c < c2) pairs++;
            }
          }
        }
        if (!any) compat.length = from;
        else {
          cells.push(c2);
          at.push(from);
        }
      }
    }
    this.partnerStart[size] = cells.length;
    const factWord: number[] = [];
    const factShift: number[] = [];
    const factCompat: number[] = [];
    for (let c = 0; c < size; c++) {
      if (base[c] < 0) continue;
      for (let v = 0; v <= d.schema.max[c]; v++) {
        this.factStart[base[c] + v] = factWord.length;
        for (let k = this.partnerStart[c]; k < this.partnerStart[c + 1]; k++) {
          // Wide partners are checked through their multi-word rows (see `wideEntry`).
          if (this.span[cells[k]] !== 1) continue;
          const m = compat[at[k] + v * this.span[cells[k]]];
          if (m === d.full[cells[k]]) continue;
          factWord.push(d.offset[cells[k]]);
          factShift.push(d.shift[cells[k]]);
          factCompat.push(m);
        }
      }
    }
    this.factStart[nf] = factWord.length;
    const wideEntry: number[] = [];
    for (let c = 0; c < size; c++) {
      this.wideStart[c] = wideEntry.length;
      // A wide cell checks all its partners through rows; a narrow one only its wide partners.
      if (this.span[c] === 1) for (let k = this.partnerStart[c]; k < this.partnerStart[c + 1]; k++) if (this.span[cells[k]] !== 1) wideEntry.push(k);
    }
    this.wideStart[size] = wideEntry.length;
    this.wideEntry = Int32Array.from(wideEntry);
    this.factWord = Int32Array.from(factWord);
    this.factShift = Uint8Array.from(factShift);
    this.factCompat = Int32Array.from(factCompat);
    // Plain loops: `TypedArray.from` with a mapping function calls it from the builtin for each element, many
    // times slower than a loop on the first search, which builds these tables.
    const partners = cells.length;
    this.partnerCell = Int32Array.from(cells);
    this.partnerWord = new Int32Array(partners);
    this.partnerShift = new Uint8Array(partners);
    this.partnerFull = new Int32Array(partners);
    for (let k = 0; k < partners; k++) {
      const c2 = cells[k];
      this.partnerWord[k] = d.offset[c2];
      this.partnerShift[k] = d.shift[c2];
      this.partnerFull[k] = d.full[c2];
    }
    this.compatAt = Int32Array.from(at);
    this.compat = Int32Array.from(compat);
    this.pairs = pairs;
    this.deadBits = mutexDeadBits(this.domain, mx, base, this.cellOf);
  }
}
