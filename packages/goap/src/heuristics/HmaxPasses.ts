import { CostBuckets, MinHeap, type CostQueue } from './CostQueue.js';
import type { RelaxedTask } from './RelaxedTask.js';

/** Integer buckets at most (a sum of costs past it settles by the heap). */
const MAX_BUCKETS = 1 << 16;

/**
 * The h_max tables of LM-cut and the passes that compute them: per fact its h_max, per operator its supporter (its
 * dearest precondition, the first of them in their order on a tie) and that precondition's h_max. The supporter
 * rule is fixed, so the supporters follow from h_max alone ({@link supportersOf}) and equal tables give equal cuts.
 * Preallocated: a pass allocates nothing. @internal
 */
export class HmaxPasses {
  readonly hmax: Float64Array;
  /** Per operator: its dearest precondition once reached (-1 before), and that precondition's h_max. */
  readonly supporter: Int32Array;
  readonly supCost: Float64Array;
  private readonly unsat: Int32Array;
  private readonly queue: MinHeap;
  /** The later passes' queue: {@link buckets} where this search's costs allow, else the heap ({@link useCosts}). */
  private later: CostQueue;
  private buckets: CostBuckets | null = null;
  /** Per fact: 1 when no operator reads it (its cost is kept, but it is never queued: settling it does nothing). */
  private readonly leaf: Uint8Array;

  constructor(private readonly task: RelaxedTask) {
    this.hmax = new Float64Array(task.nFacts);
    this.supporter = new Int32Array(task.nOps);
    this.supCost = new Float64Array(task.nOps);
    this.unsat = new Int32Array(task.nOps);
    this.queue = new MinHeap(task.nFacts * 2);
    this.later = this.queue;
    this.leaf = Uint8Array.from({ length: task.nFacts }, (_, f) => (task.preOfStart[f + 1] === task.preOfStart[f] ? 1 : 0));
  }

  /**
   * Per search: the later passes settle by integer buckets when every usable cost is a non-negative integer and
   * their sum (a bound on every finite h_max) is below {@link MAX_BUCKETS}. They may: a later pass's result does not
   * depend on the order it settles equal costs in (see {@link settleLater}).
   */
  useCosts(cost: Float64Array): void {
    let sum = 0;
    for (let op = 0; op < cost.length && sum < MAX_BUCKETS; op++) {
      const c = cost[op];
      if (c === Infinity) continue;
      sum = Number.isInteger(c) && c >= 0 ? sum + c : Infinity;
    }
    if (sum >= MAX_BUCKETS) {
      this.later = this.queue;
      return;
    }
    if (this.buckets === null || this.buckets.limit <= sum) this.buckets = new CostBuckets(Math.max(64, 2 * (sum + 1)));
    this.later = this.buckets;
  }

  /** Set the tables to `hmax`'s values (a table of `nFacts` from `at`), `supporter` and `supCost`. */
  load(hmax: Float64Array, at: number, supporter: Int32Array, supCost: Float64Array): void {
    const h = this.hmax;
    for (let f = 0, F = this.task.nFacts; f < F; f++) h[f] = hmax[at + f];
    this.supporter.set(supporter);
    this.supCost.set(supCost);
  }

  /**
   * Set h_max to the table `hmax[at..]` and derive the supporters from it: an operator unreached in `reached`
   * (supporter -1 there: a precondition or its cost infinite) stays unreached, as costs only fall and stay finite.
   */
  supportersOf(hmax: Float64Array, at: number, reached: Int32Array): void {
    const { supporter, supCost } = this;
    const h = this.hmax;
    const { preStart, preFact, nFacts, nOps } = this.task;
    for (let f = 0; f < nFacts; f++) h[f] = hmax[at + f];
    for (let op = 0; op < nOps; op++) {
      if (reached[op] < 0) {
        supporter[op] = -1;
        supCost[op] = Infinity;
        continue;
      }
      let best = -Infinity;
      let arg = -1;
      for (let p = preStart[op], pe = preStart[op + 1]; p < pe; p++) {
        const x = h[preFact[p]];
        if (x > best) {
          best = x;
          arg = preFact[p];
        }
      }
      supporter[op] = arg;
      supCost[op] = best;
    }
  }

  /**
   * h_max from the initial facts by Dijkstra; each reached operator remembers its dearest precondition (its
   * supporter). With `fixedTies`, of equally dear preconditions the first in their order (the rule
   * {@link supportersOf} and later passes follow); without, the last settled (as forward LM-cut always chose), which
   * depends on the order the heap settles equal costs in: that pass queues every fact, as it always did.
   */
  explore(cost: Float64Array, initFacts: Int32Array, initCount: number, fixedTies: boolean): void {
    const { hmax, queue } = this;
    hmax.fill(Infinity);
    this.unsat.set(this.task.preCount);
    this.supporter.fill(-1);
    this.supCost.fill(Infinity);
    for (let i = 0; i < initCount; i++) {
      hmax[initFacts[i]] = 0;
      queue.push(0, initFacts[i]);
    }
    this.settleFirst(cost, fixedTies);
  }

  /** h_max again after the cut's costs were lowered: only what got cheaper is requeued. */
  lowerAfterCut(cost: Float64Array, cut: Int32Array, nc: number): void {
    const { hmax, supCost, leaf } = this;
    const queue = this.later;
    const { effStart, effFact } = this.task;
    for (let i = 0; i < nc; i++) {
      const op = cut[i];
      const t = supCost[op] + cost[op];
      for (let e = effStart[op], ee = effStart[op + 1]; e < ee; e++) {
        const g = effFact[e];
        if (t < hmax[g]) {
          hmax[g] = t;
          if (leaf[g] === 0) queue.push(t, g);
        }
      }
    }
    this.settleLater(cost);
  }

  /**
   * The first pass: settle the queued facts cheapest first; an operator is reached when its last precondition
   * settles. A fact no operator reads (a leaf) only takes its cost, unless the pass keeps the old tie rule.
   */
  private settleFirst(cost: Float64Array, fixedTies: boolean): void {
    const { hmax, unsat, supporter, supCost, leaf, queue } = this;
    const { preStart, preFact, preOfStart, preOfOp, effStart, effFact } = this.task;
    while (queue.size > 0) {
      const c = queue.topKey();
      const f = queue.pop();
      if (hmax[f] < c) continue;
      for (let k = preOfStart[f], end = preOfStart[f + 1]; k < end; k++) {
        const op = preOfOp[k];
        if (--unsat[op] !== 0 || cost[op] === Infinity) continue;
        // The supporter: a precondition at the dearest cost, here `c` (see `fixedTies`).
        let sup = f;
        if (fixedTies && preStart[op + 1] - preStart[op] > 1) for (let p = preStart[op]; hmax[(sup = preFact[p])] !== c; p++);
        supporter[op] = sup;
        supCost[op] = c;
        const t = c + cost[op];
        for (let e = effStart[op], ee = effStart[op + 1]; e < ee; e++) {
          const g = effFact[e];
          if (t < hmax[g]) {
            hmax[g] = t;
            if (!fixedTies || leaf[g] === 0) queue.push(t, g);
          }
        }
      }
    }
  }

  /**
   * A later pass: settle the queued facts cheapest first; an operator whose supporter got cheaper is supported anew.
   * The result does not depend on the order equal costs settle in: each fact that gets cheaper settles once, at its
   * final cost; an operator is supported anew exactly when its supporter got cheaper, and its last choice is made
   * when the precondition it then picks settles at the dearest cost, when every precondition at that cost has its
   * final cost (none goes below a cost being settled), so the pick is the first of the dearest by final costs.
   */
  private settleLater(cost: Float64Array): void {
    const { hmax, supporter, supCost, leaf } = this;
    const queue = this.later;
    const { preStart, preFact, preOfStart, preOfOp, effStart, effFact } = this.task;
    while (queue.size > 0) {
      const c = queue.topKey();
      const f = queue.pop();
      if (hmax[f] < c) continue;
      for (let k = preOfStart[f], end = preOfStart[f + 1]; k < end; k++) {
        const op = preOfOp[k];
        if (supporter[op] !== f) continue;
        const old = supCost[op];
        if (old <= c) continue;
        // The supporter got cheaper: the dearest precondition now (it may be another one, at the old cost), the first
        // of them in their order. A single precondition stays the supporter.
        let best = c;
        const p0 = preStart[op];
        const pe = preStart[op + 1];
        if (pe - p0 > 1) {
          best = -Infinity;
          let arg = f;
          for (let p = p0; p < pe; p++) {
            const x = hmax[preFact[p]];
            if (x > best) {
              best = x;
              arg = preFact[p];
            }
          }
          supporter[op] = arg;
          if (best === old) continue;
        }
        supCost[op] = best;
        const t = best + cost[op];
        for (let e = effStart[op], ee = effStart[op + 1]; e < ee; e++) {
          const g = effFact[e];
          if (t < hmax[g]) {
            hmax[g] = t;
            if (leaf[g] === 0) queue.push(t, g);
          }
        }
      }
    }
  }
}
