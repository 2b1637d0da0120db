import type { HddlNetwork } from './HddlModel.js';

/**
 * The orders of a network's subtasks that respect its ordering constraints (its linear extensions), at most
 * `max` of them, in a fixed order (each step takes the lowest-numbered subtask that may go next first).
 * A total order has exactly one. @internal
 * @example
 * linearisations({ subtasks: [a, b], ordering: [], constraints: null, ordered: false }, 10); // [[0, 1], [1, 0]]
 */
export function linearisations(net: HddlNetwork, max: number): number[][] {
  const n = net.subtasks.length;
  const preds = Array.from({ length: n }, () => [] as number[]);
  for (const [a, b] of net.ordering) preds[b].push(a);
  const out: number[][] = [];
  const placed = new Uint8Array(n);
  const order: number[] = [];
  const go = (): void => {
    if (out.length >= max) return;
    if (order.length === n) {
      out.push(order.slice());
      return;
    }
    for (let i = 0; i < n; i++) {
      if (placed[i] || preds[i].some((p) => !placed[p])) continue;
      placed[i] = 1;
      order.push(i);
      go();
      order.pop();
      placed[i] = 0;
    }
  };
  go();
  return out;
}

/** Whether the network's ordering makes one order of its subtasks (a total order). @internal */
export function isTotalOrder(net: HddlNetwork): boolean {
  return linearisations(net, 2).length === 1;
}
