/**
 * @internal The best-first search's open nodes: a binary min-heap of node indices in a typed array, ordered by the
 * nodes' costs (read from the search's cost array, passed to each call because it grows) and, among equal costs, by
 * index (generation order). Sifting follows heap-js's steps exactly, so nodes come out in the order its `Heap` gave
 * with the same comparison, ties included; comparing in place instead of through a comparator closure keeps the
 * search's expansion free of calls V8 might leave out of line. Grows only while warming up.
 */
export class NodeHeap {
  private items = new Int32Array(64);
  private n = 0;

  /** How many nodes are open. */
  get size(): number {
    return this.n;
  }

  /** Drop every node (a new search). */
  clear(): void {
    this.n = 0;
  }

  /** Open node `node`. */
  add(node: number, cost: Float64Array): void {
    let i = this.n++;
    if (i >= this.items.length) {
      const bigger = new Int32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    const items = this.items;
    const c = cost[node];
    // Up towards the root while the node comes before its parent.
    while (i > 0) {
      const pi = (i - 1) >> 1;
      const p = items[pi];
      const pc = cost[p];
      if (c < pc || (!(c > pc) && node < p)) {
        items[i] = p;
        i = pi;
      } else break;
    }
    items[i] = node;
  }

  /** Take the first node out (there must be one): the cheapest, the earliest made among equals. */
  pop(cost: Float64Array): number {
    const items = this.items;
    const len = --this.n;
    const last = items[len];
    if (len === 0) return last;
    const top = items[0];
    // The last node goes to the root, then down while a child comes before it.
    const c = cost[last];
    let i = 0;
    let left = 1;
    while (left < len) {
      const right = left + 1;
      let best = left;
      if (right < len) {
        const l = items[left];
        const r = items[right];
        const lc = cost[l];
        const rc = cost[r];
        if (!(lc < rc || (!(lc > rc) && l < r))) best = right;
      }
      const b = items[best];
      const bc = cost[b];
      if (bc < c || (!(bc > c) && b < last)) {
        items[i] = b;
        i = best;
        left = 2 * i + 1;
      } else break;
    }
    items[i] = last;
    return top;
  }
}
