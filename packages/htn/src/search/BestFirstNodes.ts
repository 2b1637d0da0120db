import { grow } from '../domain/grow.js';

/**
 * @internal The best-first search's node pool. A node is an index, given in generation order (which is the heap's
 * tie-break); per node it holds the cost so far, the task list, plan and MTR (heads of lists in {@link ConsLists}),
 * the depth, the state snapshot and the list of slots its path expanded. Only {@link add} writes a node; the arrays
 * only grow while warming up, so a search that fits allocates nothing.
 */
export class BestFirstNodes {
  private n = 0;
  private cost = new Float64Array(64);
  private tasks = new Int32Array(64);
  private plan = new Int32Array(64);
  private mtr = new Int32Array(64);
  private depth = new Int32Array(64);
  private snap = new Int32Array(64);
  private used = new Int32Array(64);

  /** Forget every node (a new search). */
  clear(): void {
    this.n = 0;
  }

  /** A new node; returns its index. */
  add(cost: number, tasks: number, plan: number, mtr: number, depth: number, snap: number, used: number): number {
    const k = this.n++;
    if (k >= this.cost.length) this.growTo(k + 1);
    this.cost[k] = cost;
    this.tasks[k] = tasks;
    this.plan[k] = plan;
    this.mtr[k] = mtr;
    this.depth[k] = depth;
    this.snap[k] = snap;
    this.used[k] = used;
    return k;
  }

  /**
   * The heap's order: cheaper first, then earlier generation. Returns small integers (a double returned from a
   * call V8 does not inline would be boxed).
   */
  compare(a: number, b: number): number {
    const cost = this.cost;
    return cost[a] < cost[b] ? -1 : cost[a] > cost[b] ? 1 : a - b;
  }

  costOf(n: number): number {
    return this.cost[n];
  }

  /** The node's task list (a task cell, or -1 when nothing is left: a complete plan). */
  tasksOf(n: number): number {
    return this.tasks[n];
  }

  planOf(n: number): number {
    return this.plan[n];
  }

  mtrOf(n: number): number {
    return this.mtr[n];
  }

  depthOf(n: number): number {
    return this.depth[n];
  }

  snapOf(n: number): number {
    return this.snap[n];
  }

  /** The slots the node's path expanded (a number list, most recent first). */
  usedOf(n: number): number {
    return this.used[n];
  }

  private growTo(n: number): void {
    const cost = new Float64Array(Math.max(n, this.cost.length * 2));
    cost.set(this.cost);
    this.cost = cost;
    this.tasks = grow(this.tasks, n);
    this.plan = grow(this.plan, n);
    this.mtr = grow(this.mtr, n);
    this.depth = grow(this.depth, n);
    this.snap = grow(this.snap, n);
    this.used = grow(this.used, n);
  }
}
