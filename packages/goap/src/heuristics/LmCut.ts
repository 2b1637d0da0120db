import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import { isFree, maskAt, violates, wideFree } from '../domain/cellSet.js';
import { CutMemo } from './CutMemo.js';
import { HmaxPasses } from './HmaxPasses.js';
import { relaxedTaskOf, type RelaxedTask } from './RelaxedTask.js';

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

/**
 * The LM-cut heuristic (Helmert and Domshlak): admissible, and much stronger
 * than h_max. Each round computes h_max in the delete relaxation (see
 * {@link RelaxedTask}), takes the actions that cross from the part reachable
 * without the goal's critical facts into them (a cut: every relaxed plan uses
 * one of them, so the cheapest costs at least its cost), adds that cost,
 * lowers their costs by it and repeats until the goal is free. On a chain of
 * actions every action is its own cut, so the estimate is exact.
 *
 * Speed: backward, the start state is fixed, so the first h_max pass runs once
 * per search, and the rounds are remembered for the rest of the search
 * ({@link CutMemo}): a round depends only on the tables before it and on which
 * goal item is critical, so a node walks down the rounds already learnt while
 * its critical items match and computes only the rest. Forward, h_max runs from
 * each node's state. After a cut only the facts that got cheaper are requeued
 * (the rest of h_max stands; {@link HmaxPasses}). The cut is found from the goal
 * zone's side, not by a search from the initial facts each round (see
 * {@link findCut}), and marks carry a round number instead of a table cleared
 * per round. Tables are preallocated or pooled: an estimate allocates nothing
 * once the memo's pool has grown to the search's size.
 * @internal
 */
export class LmCut {
  readonly admissible = true;
  readonly incremental = false;
  readonly relaxation = null;
  /** Backward searches regress only through relevant actions; dropping the rest also shrinks every round. */
  readonly prunesIrrelevant = true;
  readonly deferred = true;

  private readonly task: RelaxedTask;
  private readonly baseCost: Float64Array;
  private readonly cost: Float64Array;
  /** The h_max tables (this class reads them; the passes write them). */
  private readonly passes: HmaxPasses;
  private readonly hmax: Float64Array;
  private readonly supporter: Int32Array;
  // Backward: the first h_max pass from the start, copied per node.
  private readonly hmax0: Float64Array;
  private readonly supporter0: Int32Array;
  private readonly supCost0: Float64Array;
  /** Per fact, round numbers: in the goal zone; found reachable without it, or not ({@link reachable}). */
  private readonly zone: Int32Array;
  private readonly seen: Int32Array;
  private readonly dead: Int32Array;
  /** Per fact: the last {@link reachable} search that visited it. */
  private readonly visited: Int32Array;
  private visit = 0;
  /** The goal zone's facts in this round; per operator, the round that put it in the cut. */
  private readonly zoneList: Int32Array;
  private readonly opMark: Int32Array;
  /** Per operator: the round whose goal zone holds one of its effects (marked with the zone). */
  private readonly entering: Int32Array;
  private round = 0;

  // Goal items: each a disjunction of facts (the cheapest counts), compressed rows.
  private readonly goalStart: Int32Array;
  private readonly goalFacts: Int32Array;
  private goalCount = 0;
  private readonly initFacts: Int32Array;
  private initCount = 0;
  private readonly cut: Int32Array;
  private readonly stack: Int32Array;
  private critical = -1;
  /** Per goal item: its cell and allowed-values mask (0 for an int cell), the item's key in {@link memo}. */
  private readonly goalCell: Int32Array;
  private readonly goalMask: Int32Array;
  /** Backward: the rounds learnt in this search (null where a cell is a multi-word enum), and the memo node whose state the tables hold (-1: none). */
  private readonly memo: CutMemo | null;
  private live = -1;
  private readonly path: Int32Array;
  /** Forward estimates made so far, over every search (the optimal preset counts them as work; see `AdaptiveAdmissible`). */
  estimated = 0;

  constructor(domain: GoapDomain) {
    const t = (this.task = relaxedTaskOf(domain));
    const { nFacts, nOps } = t;
    this.baseCost = new Float64Array(nOps);
    this.cost = new Float64Array(nOps);
    this.passes = new HmaxPasses(t);
    this.hmax = this.passes.hmax;
    this.supporter = this.passes.supporter;
    this.hmax0 = new Float64Array(nFacts);
    this.supporter0 = new Int32Array(nOps);
    this.supCost0 = new Float64Array(nOps);
    this.zone = new Int32Array(nFacts);
    this.seen = new Int32Array(nFacts);
    this.dead = new Int32Array(nFacts);
    this.visited = new Int32Array(nFacts);
    this.zoneList = new Int32Array(nFacts);
    this.opMark = new Int32Array(nOps);
    this.entering = new Int32Array(nOps);
    this.goalStart = new Int32Array(domain.schema.size + 1);
    this.goalFacts = new Int32Array(t.goalRoom);
    this.initFacts = new Int32Array(domain.schema.size + t.intFact.length + 1);
    this.cut = new Int32Array(nOps);
    this.stack = new Int32Array(nFacts);
    this.goalCell = new Int32Array(domain.schema.size);
    this.goalMask = new Int32Array(domain.schema.size);
    this.memo = domain.wide.includes(1) ? null : new CutMemo(nFacts);
    // Each round lowers an operator's cost to 0, so there are at most as many rounds as operators.
    this.path = new Int32Array(nOps + 1);
  }

  /** Per search: this search's action costs (Infinity: unusable); backward, the first h_max pass from the start. */
  prepare(s: LmCutSearch): void {
    for (let a = 0, A = this.task.actionCount; a < A; a++) this.baseCost[a] = s.costOf(a);
    // The zero-cost links stay 0 (the array is zeroed at construction and never written there).
    this.passes.useCosts(this.baseCost);
    this.live = -1;
    if (s.mode !== 'backward') return;
    this.cost.set(this.baseCost);
    this.setInit(s.start.values, 0);
    // The memo restores supporters from h_max, so its tie rule must hold from the first pass on.
    this.passes.explore(this.cost, this.initFacts, this.initCount, this.memo !== null);
    this.hmax0.set(this.hmax);
    this.supporter0.set(this.supporter);
    this.supCost0.set(this.passes.supCost);
    if (this.memo !== null) {
      this.memo.reset(this.hmax0);
      this.live = 0;
    }
  }

  /** The LM-cut estimate of the node at `words[at..]`: backward a regressed goal from the start, forward a state to the goal. */
  estimate(s: LmCutSearch, words: Int32Array, at: number): number {
    if (s.mode !== 'backward') {
      this.estimated++;
      this.live = -1;
      this.cost.set(this.baseCost);
      this.setInit(words, at);
      this.passes.explore(this.cost, this.initFacts, this.initCount, false);
      this.setGoal(s.domain, s.goal!.words, 0, words, at);
      return this.rounds(0, -1);
    }
    this.setGoal(s.domain, words, at, s.start.values, 0);
    const memo = this.memo;
    if (memo === null) {
      this.restoreStart();
      return this.rounds(0, -1);
    }
    // Down the rounds already learnt while this goal's critical item is one of them.
    const F = this.task.nFacts;
    let node = 0;
    let h = 0;
    for (;;) {
      const goal = this.goalCostIn(memo.hmax, node * F);
      if (goal === Infinity) return Infinity;
      if (goal === 0) return h;
      const next = memo.child(node, this.goalCell[this.critical], this.goalMask[this.critical]);
      if (next < 0) break;
      h += memo.least(next);
      node = next;
    }
    this.stateAt(node);
    return this.rounds(h, node);
  }

  /** Backward: the tables of the start state (its h_max, no cut yet). */
  private restoreStart(): void {
    this.cost.set(this.baseCost);
    this.passes.load(this.hmax0, 0, this.supporter0, this.supCost0);
  }

  /** Backward: the tables of memo node `node`: its h_max and supporters, and the costs less the cuts on its path. */
  private stateAt(node: number): void {
    if (this.live === node) return;
    const memo = this.memo!;
    const { cost, cut, path } = this;
    cost.set(this.baseCost);
    for (let i = 0, depth = memo.path(node, path); i < depth; i++) {
      const nc = memo.cutOf(path[i], cut);
      const least = memo.least(path[i]);
      for (let k = 0; k < nc; k++) cost[cut[k]] -= least;
    }
    this.passes.supportersOf(memo.hmax, node * this.task.nFacts, this.supporter0);
    this.live = node;
  }

  /**
   * The LM-cut rounds from the current tables until the goal is free, adding their costs to `h`. Backward with a
   * memo, `node` names the tables' state and each round is stored below it (-1: not stored).
   */
  private rounds(h: number, node: number): number {
    let goal = this.goalCost();
    if (goal === Infinity) return Infinity;
    const { cost, cut } = this;
    const memo = this.memo;
    while (goal > 0) {
      // A round runs at most one search per fact (answers are kept), so `visit` grows by at most nFacts.
      if (this.round === 0x7fffffff || this.visit > 0x7fffffff - this.task.nFacts) this.restartRounds();
      const round = ++this.round;
      const item = this.critical;
      const nc = this.findCut(round, goal, this.markGoalZone(round));
      // Cannot happen with exact arithmetic; a guard against rounding, keeping the bound found so far.
      if (nc === 0) break;
      let least = Infinity;
      for (let i = 0; i < nc; i++) if (cost[cut[i]] < least) least = cost[cut[i]];
      h += least;
      for (let i = 0; i < nc; i++) cost[cut[i]] -= least;
      this.passes.lowerAfterCut(cost, cut, nc);
      if (node >= 0) node = memo!.add(node, this.goalCell[item], this.goalMask[item], least, cut, nc, this.hmax);
      goal = this.goalCost();
    }
    this.live = node;
    return h;
  }

  /** The facts true in the state `values[from + cell]`. */
  private setInit(values: ArrayLike<number>, from: number): void {
    const { maskBase, intFact, intCell, intLo, intHi } = this.task;
    const initFacts = this.initFacts;
    let n = 0;
    for (let c = 0; c < maskBase.length; c++) if (maskBase[c] >= 0) initFacts[n++] = maskBase[c] + values[from + c];
    for (let i = 0; i < intFact.length; i++) {
      const v = values[from + intCell[i]];
      if (v >= intLo[i] && v <= intHi[i]) initFacts[n++] = intFact[i];
    }
    initFacts[n++] = this.task.trueFact;
    this.initCount = n;
  }

  /** The goal items of the cell sets at `words[at + offset]`; an int condition the state (`values[from + cell]`) satisfies is none. */
  private setGoal(d: GoapDomain, words: Int32Array, at: number, values: ArrayLike<number>, from: number): void {
    const { maskBase, changedFact } = this.task;
    const { min, max } = d.schema;
    const gs = this.goalStart;
    const gf = this.goalFacts;
    let n = 0;
    let k = 0;
    for (let c = 0, size = d.schema.size; c < size; c++) {
      const o = at + d.offset[c];
      if (d.wide[c] === 1) {
        // An enum of more than 32 values: a multi-word mask.
        if (wideFree(words, o, max[c] + 1)) continue;
        gs[n++] = k;
        for (let w = 0, W = (max[c] + 32) >>> 5; w < W; w++)
          for (let r = words[o + w]; r !== 0; r &= r - 1) gf[k++] = maskBase[c] + w * 32 + 31 - Math.clz32(r & -r);
        continue;
      }
      const int = d.isInt[c] === 1;
      if (isFree(words, o, d.shift[c], int, c, min, max, d.full)) continue;
      if (int) {
        if (!violates(words, o, 0, true, values[from + c])) continue;
        this.goalCell[n] = c;
        this.goalMask[n] = 0;
        gs[n++] = k;
        gf[k++] = changedFact[c];
        continue;
      }
      const mask = maskAt(words, o, d.shift[c], d.full[c]);
      this.goalCell[n] = c;
      this.goalMask[n] = mask;
      gs[n++] = k;
      for (let r = mask; r !== 0; r &= r - 1) gf[k++] = maskBase[c] + 31 - Math.clz32(r & -r);
    }
    gs[n] = k;
    this.goalCount = n;
  }

  /** h_max of the goal: the dearest item's cheapest fact. Remembers that item (the goal's critical precondition). */
  private goalCost(): number {
    return this.goalCostIn(this.hmax, 0);
  }

  /** {@link goalCost} with the h_max table `hmax[o..]`. */
  private goalCostIn(hmax: Float64Array, o: number): number {
    const { goalStart: gs, goalFacts: gf } = this;
    let worst = 0;
    this.critical = -1;
    for (let i = 0; i < this.goalCount; i++) {
      let best = Infinity;
      for (let k = gs[i]; k < gs[i + 1]; k++) if (hmax[o + gf[k]] < best) best = hmax[o + gf[k]];
      if (best > worst || this.critical < 0) {
        worst = best;
        this.critical = i;
      }
    }
    return worst;
  }

  /**
   * Goal zone: the critical item's facts, then back through zero-cost achievers to their supporters. Every achiever
   * of a zone fact is marked as entering the zone this round.
   */
  private markGoalZone(round: number): number {
    const { zone, zoneList, hmax, cost, supporter, goalStart, goalFacts, entering } = this;
    const { achStart, achOp } = this.task;
    let n = 0;
    const i = this.critical;
    for (let k = goalStart[i]; k < goalStart[i + 1]; k++) {
      const f = goalFacts[k];
      if (hmax[f] === Infinity || zone[f] === round) continue;
      zone[f] = round;
      zoneList[n++] = f;
    }
    // The list doubles as the stack: facts before `next` have had their achievers followed.
    for (let next = 0; next < n; next++) {
      const f = zoneList[next];
      for (let k = achStart[f], end = achStart[f + 1]; k < end; k++) {
        const op = achOp[k];
        entering[op] = round;
        const s = supporter[op];
        if (cost[op] !== 0 || s < 0 || zone[s] === round) continue;
        zone[s] = round;
        zoneList[n++] = s;
      }
    }
    return n;
  }

  /**
   * The cut: the operators with an effect in the goal zone whose supporter is
   * reachable from the initial facts without entering the zone. Found from the
   * zone's side: its achievers, each kept when its supporter is reachable so.
   * Every fact cheaper than the goal (`hg`) is: along its cheapest support chain
   * no fact, and no effect of an operator, costs more than it does, while the
   * zone's facts all cost at least `hg`. So only a dearer supporter, which is
   * rare, takes a search ({@link reachable}). Returns the cut's size.
   */
  private findCut(round: number, hg: number, zoneSize: number): number {
    const { zone, supporter, cut, hmax, opMark, zoneList } = this;
    const { achStart, achOp } = this.task;
    let nc = 0;
    for (let i = 0; i < zoneSize; i++) {
      const z = zoneList[i];
      for (let k = achStart[z], end = achStart[z + 1]; k < end; k++) {
        const op = achOp[k];
        const s = supporter[op];
        if (s < 0 || zone[s] === round || opMark[op] === round) continue;
        if (hmax[s] < hg || this.reachable(s, round, hg)) {
          opMark[op] = round;
          cut[nc++] = op;
        }
      }
    }
    return nc;
  }

  /**
   * Whether fact `s` (outside the zone, at least `hg`) is reachable from the
   * initial facts without entering the goal zone: a search back through
   * achievers (those with no effect in the zone) and their supporters for a
   * supporter cheaper than `hg` (which is). The answer is kept for this round: yes for `s` (`seen`), no for every
   * fact a failed search visited (`dead`: none of them can reach such a supporter).
   */
  private reachable(s: number, round: number, hg: number): boolean {
    const { zone, seen, dead, stack, supporter, hmax } = this;
    const { achStart, achOp } = this.task;
    if (seen[s] === round) return true;
    if (dead[s] === round) return false;
    const visit = ++this.visit;
    this.visited[s] = visit;
    stack[0] = s;
    let n = 1;
    for (let next = 0; next < n; next++) {
      const f = stack[next];
      for (let k = achStart[f], end = achStart[f + 1]; k < end; k++) {
        const op = achOp[k];
        const p = supporter[op];
        // An operator with an effect in the zone is in the cut: the search from the initial facts stops there.
        if (p < 0 || zone[p] === round || dead[p] === round || this.visited[p] === visit || this.entering[op] === round) continue;
        if (hmax[p] < hg || seen[p] === round) {
          seen[s] = round;
          return true;
        }
        this.visited[p] = visit;
        stack[n++] = p;
      }
    }
    for (let i = 0; i < n; i++) dead[stack[i]] = round;
    return false;
  }

  /** Round numbers wrapped around: forget every mark (once per two billion rounds). */
  private restartRounds(): void {
    this.zone.fill(0);
    this.seen.fill(0);
    this.dead.fill(0);
    this.visited.fill(0);
    this.opMark.fill(0);
    this.entering.fill(0);
    this.round = this.visit = 0;
  }
}
