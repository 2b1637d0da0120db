import { EffOp } from '@dualplan/world-state';
import type { GoapDomain } from '../domain/GoapDomain.js';
import { wideFree, wideHas } from '../domain/cellSet.js';
import * as Touch from '../domain/Touch.js';

/**
 * The fixpoint behind {@link MutexPruning}: drop every pair of values (p, q) of two cells while some action can make
 * both true, by setting both, or by setting p while q may already hold with the action's conditions (q's cell left
 * alone, and every condition allowing some value not excluded with q). Pairs only ever leave the set, so any order of
 * drops ends at the same greatest inductive set.
 *
 * Whether q may hold with action a's conditions reads only row q of the pair table. So each action remembers when it
 * last looked, each row when it last lost a pair, and a pass re-tests (a, q) only when row q changed since: the passes
 * after the first, and the runs after a new start state broke some pairs, cost what changed rather than all actions
 * times all values. The action's sets, writes and conditions are read once into flat lists here.
 * @internal
 */
export class PairFixpoint {
  private readonly nf: number;
  private readonly cellOf: Int32Array;
  /** Per action: the value facts it sets (bool/enum cells), CSR. */
  private readonly setStart: Int32Array;
  private readonly setFact: Int32Array;
  /** Per action: the cells its effects write, CSR. */
  private readonly writeStart: Int32Array;
  private readonly writeCell: Int32Array;
  /** Per action: its conditions on bool/enum cells that exclude some value, CSR; per condition its cell and allowed facts. */
  private readonly condStart: Int32Array;
  private readonly condCell: Int32Array;
  private readonly condFactStart: Int32Array;
  private readonly condFact: Int32Array;
  /** Per fact: the tick at which its row last lost a pair. */
  private readonly rowStamp: Int32Array;
  /** Per action: the tick at which its pairs were last tested (-1: never). */
  private readonly seen: Int32Array;
  private readonly written: Uint8Array;
  private tick = 0;

  constructor(domain: GoapDomain, base: Int32Array, cellOf: Int32Array, nf: number) {
    const d = domain;
    const T = d.touch;
    const A = d.actionCount;
    this.nf = nf;
    this.cellOf = cellOf;
    const sets: number[] = [];
    const writes: number[] = [];
    const conds: number[] = [];
    const condFacts: number[] = [];
    const condFactStart: number[] = [];
    this.setStart = new Int32Array(A + 1);
    this.writeStart = new Int32Array(A + 1);
    this.condStart = new Int32Array(A + 1);
    for (let a = 0; a < A; a++) {
      this.setStart[a] = sets.length;
      this.writeStart[a] = writes.length;
      this.condStart[a] = conds.length;
      for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        if (d.isInt[c] === 1) continue;
        const mask = T[k + Touch.allowA];
        const wide = d.wide[c] === 1;
        const n = d.schema.max[c] + 1;
        if (wide ? wideFree(d.sets, mask, n) : mask === d.full[c]) continue;
        conds.push(c);
        condFactStart.push(condFacts.length);
        for (let v = 0; v < n; v++) if (wide ? wideHas(d.sets, mask, v) : ((mask >>> v) & 1) === 1) condFacts.push(base[c] + v);
      }
      for (let t = d.effectStart[a], end = d.touchStart[a + 1]; t < end; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        if (d.isInt[c] === 0 && T[k + Touch.effOp] === EffOp.Set) sets.push(base[c] + T[k + Touch.effValue]);
        writes.push(c);
      }
    }
    this.setStart[A] = sets.length;
    this.writeStart[A] = writes.length;
    this.condStart[A] = conds.length;
    condFactStart.push(condFacts.length);
    this.setFact = Int32Array.from(sets);
    this.writeCell = Int32Array.from(writes);
    this.condCell = Int32Array.from(conds);
    this.condFactStart = Int32Array.from(condFactStart);
    this.condFact = Int32Array.from(condFacts);
    this.rowStamp = new Int32Array(nf);
    this.seen = new Int32Array(A).fill(-1);
    this.written = new Uint8Array(d.schema.size);
  }

  /** Start a batch of drops made from outside (a start state's pairs): the rows {@link mark}ed next are re-tested. */
  beginOutsideDrops(): void {
    this.tick++;
  }

  /** Row `p` lost a pair outside the fixpoint. */
  mark(p: number): void {
    this.rowStamp[p] = this.tick;
  }

  /** Drop pairs from `mx` (`mx[p * nf + q]`, symmetric) until no action can make a kept pair true. */
  run(mx: Uint8Array): void {
    const { nf, cellOf, setStart, setFact, writeStart, writeCell, rowStamp, seen, written } = this;
    const A = seen.length;
    for (let changed = true; changed;) {
      changed = false;
      for (let a = 0; a < A; a++) {
        const s0 = setStart[a];
        const s1 = setStart[a + 1];
        if (s0 === s1) continue;
        const since = seen[a];
        const now = ++this.tick;
        seen[a] = now;
        // Two values the action sets together hold together afterwards.
        for (let i = s0; i < s1; i++) {
          const p = setFact[i];
          for (let j = s0; j < s1; j++) {
            const p2 = setFact[j];
            if (p === p2 || mx[p * nf + p2] === 0) continue;
            mx[p * nf + p2] = mx[p2 * nf + p] = 0;
            rowStamp[p] = rowStamp[p2] = now;
            changed = true;
          }
        }
        for (let w = writeStart[a], end = writeStart[a + 1]; w < end; w++) written[writeCell[w]] = 1;
        for (let q = 0; q < nf; q++) {
          // A cell the action writes holds the written value afterwards: handled above. Row q unchanged since the
          // last test: the answer is the same.
          if (rowStamp[q] < since || written[cellOf[q]] === 1) continue;
          let kept = false;
          for (let i = s0; i < s1 && !kept; i++) kept = mx[setFact[i] * nf + q] === 1;
          if (!kept || !this.compatible(mx, q, a)) continue;
          for (let i = s0; i < s1; i++) {
            const p = setFact[i];
            if (mx[p * nf + q] === 0) continue;
            mx[p * nf + q] = mx[q * nf + p] = 0;
            rowStamp[p] = rowStamp[q] = now;
            changed = true;
          }
        }
        for (let w = writeStart[a], end = writeStart[a + 1]; w < end; w++) written[writeCell[w]] = 0;
      }
    }
  }

  /** May fact q hold together with action a's conditions (no condition needs only values excluded with q)? */
  private compatible(mx: Uint8Array, q: number, a: number): boolean {
    const { condCell, condFactStart, condFact } = this;
    const cq = this.cellOf[q];
    const row = q * this.nf;
    for (let j = this.condStart[a], end = this.condStart[a + 1]; j < end; j++) {
      const f1 = condFactStart[j + 1];
      let some = false;
      if (condCell[j] === cq) for (let f = condFactStart[j]; f < f1 && !some; f++) some = condFact[f] === q;
      else for (let f = condFactStart[j]; f < f1 && !some; f++) some = mx[row + condFact[f]] === 0;
      if (!some) return false;
    }
    return true;
  }
}
