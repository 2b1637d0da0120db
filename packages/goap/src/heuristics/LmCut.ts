import { EffOp } from '@dualplan/world-state';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/** What LM-cut reads from the search it serves (the planner's heuristic view). */
export interface LmCutSearch {
  readonly domain: GoapDomain;
  readonly mode: 'backward' | 'forward';
  readonly start: { readonly values: ArrayLike<number> };
  readonly goal: CompiledGoal | null;
  /** The search's relevance analysis of its goal (1 per relevant action), or null. */
  readonly relevant: Uint8Array | null;
  costOf(a: number): number;
}

// Fact status during one LM-cut round.
const UNREACHED = 0;
const REACHED = 1;
const BEFORE_GOAL = 2;
const GOAL_ZONE = 3;

/**
 * The LM-cut heuristic (Helmert and Domshlak): admissible, and much stronger
 * than h_max. Each round computes h_max in the delete relaxation, takes the
 * actions that cross from the part reachable without the goal's critical
 * facts into them (a cut: every relaxed plan uses one of them, so the cheapest
 * costs at least its cost), adds that cost, lowers their costs by it and
 * repeats until the goal is free. On a chain of actions every action is its
 * own cut, so the estimate is exact.
 *
 * GOAP conditions are compiled once into a STRIPS-like relaxed task: a fact per
 * value of a bool/enum cell; a condition that allows several values becomes an
 * extra fact reached from each of them at cost 0; an int condition becomes a
 * fact true when the state's value satisfies it and reached, at cost 0, from a
 * "changed" fact that every action writing the cell adds (a lower bound: any
 * real plan changes the cell before a violated condition on it can hold).
 * Backward, the start state is fixed, so the first h_max round is computed
 * once per search and copied per node; forward, it runs from each node's
 * state. All tables are preallocated: an estimate allocates nothing.
 * @internal
 */
export class LmCut {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  /** Backward searches regress only through relevant actions; dropping the rest also shrinks every round. */
  readonly prunesIrrelevant = true;
  readonly deferred = true;

  private readonly domain: GoapDomain;
  private readonly actionCount: number;
  private readonly nFacts: number;
  private readonly nOps: number;
  // Operators (actions, then the zero-cost links of disjunctive and int conditions): preconditions and effects (CSR).
  private readonly preStart: Int32Array;
  private readonly preFact: Int32Array;
  private readonly effStart: Int32Array;
  private readonly effFact: Int32Array;
  // Per fact: operators it is a precondition of, and operators that add it (CSR).
  private readonly preOfStart: Int32Array;
  private readonly preOfOp: Int32Array;
  private readonly achStart: Int32Array;
  private readonly achOp: Int32Array;
  /** Per cell: its first value fact (bool/enum cells), or -1. */
  private readonly maskBase: Int32Array;
  /** Per cell: its "changed" fact (int cells), or -1. */
  private readonly changedFact: Int32Array;
  /** Int condition facts: their cell and interval (true initially when the value lies in it). */
  private readonly intFact: Int32Array;
  private readonly intCell: Int32Array;
  private readonly intLo: Int32Array;
  private readonly intHi: Int32Array;
  private readonly trueFact: number;

  private readonly baseCost: Float64Array;
  private readonly cost: Float64Array;
  private readonly hmax: Float64Array;
  private readonly status: Uint8Array;
  private readonly unsat: Int32Array;
  private readonly supporter: Int32Array;
  private readonly supCost: Float64Array;
  // Backward: the first h_max round from the start, copied per node.
  private readonly hmax0: Float64Array;
  private readonly status0: Uint8Array;
  private readonly supporter0: Int32Array;
  private readonly supCost0: Float64Array;

  // Goal items: each a disjunction of facts (the cheapest counts), CSR.
  private readonly goalStart: Int32Array;
  private readonly goalFacts: Int32Array;
  private goalCount = 0;
  private readonly initFacts: Int32Array;
  private initCount = 0;
  private readonly cut: Int32Array;
  private readonly stack: Int32Array;
  private heapKey: Float64Array;
  private heapVal: Int32Array;
  private heapSize = 0;
  private critical = -1;

  constructor(domain: GoapDomain) {
    this.domain = domain;
    const d = domain;
    const size = d.schema.size;
    const T = d.touch;
    const A = d.actionCount;
    this.actionCount = A;
    let nFacts = 0;
    this.maskBase = new Int32Array(size).fill(-1);
    this.changedFact = new Int32Array(size).fill(-1);
    let maskFacts = 0;
    for (let c = 0; c < size; c++) {
      if (d.isInt[c] === 1) this.changedFact[c] = nFacts++;
      else {
        this.maskBase[c] = nFacts;
        nFacts += d.schema.max[c] + 1;
        maskFacts += d.schema.max[c] + 1;
      }
    }
    this.trueFact = nFacts++;
    const pre: number[][] = [];
    const eff: number[][] = [];
    const aux = new Map<string, number>();
    const auxOps: [number, number][] = [];
    const ints: number[][] = [];
    // A condition's fact: a value, or an extra fact for a disjunction or an int interval (shared by equal conditions).
    const conditionFact = (c: number, lo: number, hi: number): number => {
      if (d.isInt[c] === 0) {
        if (lo === d.full[c]) return -1;
        if ((lo & (lo - 1)) === 0) return this.maskBase[c] + 31 - Math.clz32(lo);
      } else if (lo === d.schema.min[c] && hi === d.schema.max[c]) return -1;
      const key = `${c} ${lo} ${hi}`;
      let f = aux.get(key);
      if (f !== undefined) return f;
      f = nFacts++;
      aux.set(key, f);
      if (d.isInt[c] === 1) {
        ints.push([f, c, lo, hi]);
        auxOps.push([this.changedFact[c], f]);
      } else for (let m = lo; m !== 0; m &= m - 1) auxOps.push([this.maskBase[c] + 31 - Math.clz32(m & -m), f]);
      return f;
    };
    for (let a = 0; a < A; a++) {
      const p: number[] = [];
      const e: number[] = [];
      for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        const f = conditionFact(c, T[k + Touch.allowA], T[k + Touch.allowB]);
        if (f >= 0) p.push(f);
        if (t < d.effectStart[a]) continue;
        if (d.isInt[c] === 1) e.push(this.changedFact[c]);
        else if (T[k + Touch.effOp] === EffOp.Set) e.push(this.maskBase[c] + T[k + Touch.effValue]);
      }
      pre.push(p.length > 0 ? p : [this.trueFact]);
      eff.push(e);
    }
    for (const [from, to] of auxOps) {
      pre.push([from]);
      eff.push([to]);
    }
    this.nFacts = nFacts;
    const nOps = (this.nOps = pre.length);
    [this.preStart, this.preFact] = csr(pre);
    [this.effStart, this.effFact] = csr(eff);
    const preOf: number[][] = Array.from({ length: nFacts }, () => []);
    const ach: number[][] = Array.from({ length: nFacts }, () => []);
    pre.forEach((list, op) => list.forEach((f) => preOf[f].push(op)));
    eff.forEach((list, op) => list.forEach((f) => ach[f].push(op)));
    [this.preOfStart, this.preOfOp] = csr(preOf);
    [this.achStart, this.achOp] = csr(ach);
    this.intFact = Int32Array.from(ints, (x) => x[0]);
    this.intCell = Int32Array.from(ints, (x) => x[1]);
    this.intLo = Int32Array.from(ints, (x) => x[2]);
    this.intHi = Int32Array.from(ints, (x) => x[3]);
    this.baseCost = new Float64Array(nOps);
    this.cost = new Float64Array(nOps);
    this.hmax = new Float64Array(nFacts);
    this.status = new Uint8Array(nFacts);
    this.unsat = new Int32Array(nOps);
    this.supporter = new Int32Array(nOps);
    this.supCost = new Float64Array(nOps);
    this.hmax0 = new Float64Array(nFacts);
    this.status0 = new Uint8Array(nFacts);
    this.supporter0 = new Int32Array(nOps);
    this.supCost0 = new Float64Array(nOps);
    this.goalStart = new Int32Array(size + 1);
    this.goalFacts = new Int32Array(maskFacts + size);
    this.initFacts = new Int32Array(size + ints.length + 1);
    this.cut = new Int32Array(nOps);
    this.stack = new Int32Array(nFacts);
    this.heapKey = new Float64Array(Math.max(16, nFacts * 2));
    this.heapVal = new Int32Array(this.heapKey.length);
  }

  /** Per search: this search's action costs (Infinity: unusable); backward, the first h_max round from the start. */
  prepare(s: LmCutSearch): void {
    const A = this.actionCount;
    for (let a = 0; a < A; a++) this.baseCost[a] = s.costOf(a);
    // The zero-cost links stay 0 (the array is zeroed at construction and never written there).
    if (s.mode !== 'backward') return;
    this.cost.set(this.baseCost);
    this.setInit(s.start.values, 0);
    this.firstExploration();
    this.hmax0.set(this.hmax);
    this.status0.set(this.status);
    this.supporter0.set(this.supporter);
    this.supCost0.set(this.supCost);
  }

  /** The LM-cut estimate of the node at `words[at..]`: backward a regressed goal from the start, forward a state to the goal. */
  estimate(s: LmCutSearch, words: Int32Array, at: number): number {
    this.cost.set(this.baseCost);
    if (s.mode === 'backward') {
      this.hmax.set(this.hmax0);
      this.status.set(this.status0);
      this.supporter.set(this.supporter0);
      this.supCost.set(this.supCost0);
      this.setGoal(words, at, s.start.values, 0);
    } else {
      this.setInit(words, at);
      this.firstExploration();
      this.setGoal(s.goal!.words, 0, words, at);
    }
    let goal = this.goalCost();
    if (goal === Infinity) return Infinity;
    let h = 0;
    const cost = this.cost;
    const status = this.status;
    const n = this.nFacts;
    while (goal > 0) {
      this.markGoalZone();
      const nc = this.findCut();
      // Cannot happen with exact arithmetic; a guard against rounding, keeping the bound found so far.
      if (nc === 0) break;
      let least = Infinity;
      for (let i = 0; i < nc; i++) if (cost[this.cut[i]] < least) least = cost[this.cut[i]];
      h += least;
      for (let i = 0; i < nc; i++) cost[this.cut[i]] -= least;
      this.lowerAfterCut(nc);
      for (let f = 0; f < n; f++) if (status[f] > REACHED) status[f] = REACHED;
      goal = this.goalCost();
    }
    return h;
  }

  /** The facts true in the state `values[from + cell]`. */
  private setInit(values: ArrayLike<number>, from: number): void {
    const d = this.domain;
    let n = 0;
    for (let c = 0, size = d.schema.size; c < size; c++) if (this.maskBase[c] >= 0) this.initFacts[n++] = this.maskBase[c] + values[from + c];
    for (let i = 0; i < this.intFact.length; i++) {
      const v = values[from + this.intCell[i]];
      if (v >= this.intLo[i] && v <= this.intHi[i]) this.initFacts[n++] = this.intFact[i];
    }
    this.initFacts[n++] = this.trueFact;
    this.initCount = n;
  }

  /** The goal items of the cell sets at `words[at + offset]`; an int condition the state (`values[from + cell]`) satisfies is none. */
  private setGoal(words: Int32Array, at: number, values: ArrayLike<number>, from: number): void {
    const d = this.domain;
    const gs = this.goalStart;
    const gf = this.goalFacts;
    let n = 0;
    let k = 0;
    for (let c = 0, size = d.schema.size; c < size; c++) {
      const o = at + d.offset[c];
      if (d.isInt[c] === 1) {
        const v = values[from + c];
        if (v >= words[o] && v <= words[o + 1]) continue;
        gs[n++] = k;
        gf[k++] = this.changedFact[c];
        continue;
      }
      const m = words[o];
      if (m === d.full[c]) continue;
      gs[n++] = k;
      for (let r = m; r !== 0; r &= r - 1) gf[k++] = this.maskBase[c] + 31 - Math.clz32(r & -r);
    }
    gs[n] = k;
    this.goalCount = n;
  }

  /** h_max of the goal: the dearest item's cheapest fact. Remembers that item (the goal's critical precondition). */
  private goalCost(): number {
    const gs = this.goalStart;
    const gf = this.goalFacts;
    const hmax = this.hmax;
    let worst = 0;
    this.critical = -1;
    for (let i = 0; i < this.goalCount; i++) {
      let best = Infinity;
      for (let k = gs[i]; k < gs[i + 1]; k++) if (hmax[gf[k]] < best) best = hmax[gf[k]];
      if (best > worst || this.critical < 0) {
        worst = best;
        this.critical = i;
      }
    }
    return worst;
  }

  private enqueue(f: number, c: number): void {
    if (this.status[f] !== UNREACHED && this.hmax[f] <= c) return;
    this.status[f] = REACHED;
    this.hmax[f] = c;
    if (this.heapSize === this.heapKey.length) this.growHeap();
    // Sift up.
    const key = this.heapKey;
    const val = this.heapVal;
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (key[p] <= c) break;
      key[i] = key[p];
      val[i] = val[p];
      i = p;
    }
    key[i] = c;
    val[i] = f;
  }

  /** Pop the cheapest entry: its fact, with its cost in `heapKey[heapSize]`. */
  private pop(): number {
    const key = this.heapKey;
    const val = this.heapVal;
    const top = val[0];
    const topKey = key[0];
    const n = --this.heapSize;
    const lastKey = key[n];
    const lastVal = val[n];
    let i = 0;
    for (;;) {
      let j = 2 * i + 1;
      if (j >= n) break;
      if (j + 1 < n && key[j + 1] < key[j]) j++;
      if (key[j] >= lastKey) break;
      key[i] = key[j];
      val[i] = val[j];
      i = j;
    }
    key[i] = lastKey;
    val[i] = lastVal;
    key[n] = topKey;
    return top;
  }

  /** Rare: the heap outgrew its room (facts re-queued at lower costs many times); steady state allocates nothing. */
  private growHeap(): void {
    const key = new Float64Array(this.heapKey.length * 2);
    const val = new Int32Array(key.length);
    key.set(this.heapKey);
    val.set(this.heapVal);
    this.heapKey = key;
    this.heapVal = val;
  }

  /** h_max from the initial facts by Dijkstra; each reached operator remembers its dearest precondition (its supporter). */
  private firstExploration(): void {
    const { hmax, status, unsat, supporter, supCost, cost, preStart, preOfStart, preOfOp, effStart, effFact } = this;
    hmax.fill(Infinity);
    status.fill(UNREACHED);
    for (let op = 0; op < this.nOps; op++) unsat[op] = preStart[op + 1] - preStart[op];
    supporter.fill(-1);
    supCost.fill(Infinity);
    this.heapSize = 0;
    for (let i = 0; i < this.initCount; i++) this.enqueue(this.initFacts[i], 0);
    while (this.heapSize > 0) {
      const f = this.pop();
      const c = this.heapKey[this.heapSize];
      if (hmax[f] < c) continue;
      for (let k = preOfStart[f], end = preOfStart[f + 1]; k < end; k++) {
        const op = preOfOp[k];
        if (--unsat[op] !== 0 || cost[op] === Infinity) continue;
        supporter[op] = f;
        supCost[op] = c;
        const t = c + cost[op];
        for (let e = effStart[op]; e < effStart[op + 1]; e++) this.enqueue(effFact[e], t);
      }
    }
  }

  /** Goal zone: the critical item's facts, then back through zero-cost achievers to their supporters. */
  private markGoalZone(): void {
    const { status, stack, hmax, cost, supporter, achStart, achOp } = this;
    let sp = 0;
    const i = this.critical;
    for (let k = this.goalStart[i]; k < this.goalStart[i + 1]; k++) {
      const f = this.goalFacts[k];
      if (hmax[f] === Infinity || status[f] === GOAL_ZONE) continue;
      status[f] = GOAL_ZONE;
      stack[sp++] = f;
    }
    while (sp > 0) {
      const f = stack[--sp];
      for (let k = achStart[f], end = achStart[f + 1]; k < end; k++) {
        const op = achOp[k];
        const s = supporter[op];
        if (cost[op] !== 0 || s < 0 || status[s] === GOAL_ZONE) continue;
        status[s] = GOAL_ZONE;
        stack[sp++] = s;
      }
    }
  }

  /** The cut: operators reached from the initial facts outside the goal zone with an effect in it. Returns its size. */
  private findCut(): number {
    const { status, stack, supporter, preOfStart, preOfOp, effStart, effFact, cut } = this;
    let sp = 0;
    let nc = 0;
    for (let i = 0; i < this.initCount; i++) {
      const f = this.initFacts[i];
      status[f] = BEFORE_GOAL;
      stack[sp++] = f;
    }
    while (sp > 0) {
      const f = stack[--sp];
      for (let k = preOfStart[f], end = preOfStart[f + 1]; k < end; k++) {
        const op = preOfOp[k];
        if (supporter[op] !== f) continue;
        let crosses = false;
        for (let e = effStart[op]; e < effStart[op + 1]; e++) {
          if (status[effFact[e]] === GOAL_ZONE) {
            crosses = true;
            break;
          }
        }
        if (crosses) {
          cut[nc++] = op;
          continue;
        }
        for (let e = effStart[op]; e < effStart[op + 1]; e++) {
          const g = effFact[e];
          if (status[g] === REACHED) {
            status[g] = BEFORE_GOAL;
            stack[sp++] = g;
          }
        }
      }
    }
    return nc;
  }

  /** h_max again after the cut's costs were lowered: only what got cheaper is re-queued. */
  private lowerAfterCut(nc: number): void {
    const { hmax, supporter, supCost, cost, preStart, preFact, preOfStart, preOfOp, effStart, effFact, cut } = this;
    this.heapSize = 0;
    for (let i = 0; i < nc; i++) {
      const op = cut[i];
      const t = supCost[op] + cost[op];
      for (let e = effStart[op]; e < effStart[op + 1]; e++) this.enqueue(effFact[e], t);
    }
    while (this.heapSize > 0) {
      const f = this.pop();
      const c = this.heapKey[this.heapSize];
      if (hmax[f] < c) continue;
      for (let k = preOfStart[f], end = preOfStart[f + 1]; k < end; k++) {
        const op = preOfOp[k];
        if (supporter[op] !== f) continue;
        const old = supCost[op];
        if (old <= c) continue;
        let best = -Infinity;
        let arg = f;
        for (let p = preStart[op]; p < preStart[op + 1]; p++) {
          const x = hmax[preFact[p]];
          if (x > best) {
            best = x;
            arg = preFact[p];
          }
        }
        supporter[op] = arg;
        supCost[op] = best;
        if (best === old) continue;
        const t = best + cost[op];
        for (let e = effStart[op]; e < effStart[op + 1]; e++) this.enqueue(effFact[e], t);
      }
    }
  }
}

/** Lists as compressed rows: starts (length n + 1) and the concatenated items. */
function csr(lists: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  let n = 0;
  lists.forEach((l, i) => {
    start[i] = n;
    n += l.length;
  });
  start[lists.length] = n;
  const items = new Int32Array(n);
  let k = 0;
  for (const l of lists) for (const x of l) items[k++] = x;
  return [start, items];
}
