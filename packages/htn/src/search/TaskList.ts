import { grow } from '../domain/grow.js';

/** The end of the task list. */
export const NIL = -1;

/**
 * @internal The ordered search's task list: a persistent linked list in an arena of nodes (node n is
 * `[call, next]` at `nodes[2n]`), so a decomposition point is just its head and the arena's top, and going back
 * to one drops what was pushed since. Grows only while warming up.
 *
 * The search's inline loop reads the nodes and keeps the head and top in locals while it runs; it hands them
 * back with {@link moveTo} before the general code runs, and after it reads them again.
 */
export class TaskList {
  private list = new Int32Array(512);
  private first = NIL;
  private end = 0;

  /** The first node, or {@link NIL} when the list is empty. */
  get head(): number {
    return this.first;
  }

  /** The arena's top: the next node pushed goes there. */
  get top(): number {
    return this.end;
  }

  /** The arena, for reading: node n's call at `[2n]`, the next node at `[2n + 1]`. */
  get nodes(): Int32Array {
    return this.list;
  }

  /** Point the list at `head` with the arena's top at `top` (a saved decomposition point, or the inline loop's). */
  moveTo(head: number, top: number): void {
    this.first = head;
    this.end = top;
  }

  /** Put `call` at the front. */
  push(call: number): void {
    const n = this.end++;
    if (n * 2 + 2 > this.list.length) this.list = grow(this.list, n * 2 + 2);
    this.list[n * 2] = call;
    this.list[n * 2 + 1] = this.first;
    this.first = n;
  }

  /**
   * Put `calls[from..to)` in front of the list at `head`, in that order, with nodes from `top` on, for a caller that
   * holds head and top itself; returns the new top (the new head is the node below it). Grows the arena when needed.
   */
  prepend(calls: Int32Array, from: number, to: number, head: number, top: number): number {
    if ((top + to - from) * 2 > this.list.length) this.list = grow(this.list, (top + to - from) * 2);
    const nodes = this.list;
    for (let i = to - 1; i >= from; i--, top++) {
      nodes[top * 2] = calls[i];
      nodes[top * 2 + 1] = head;
      head = top;
    }
    return top;
  }
}
