import type { PlanObserver } from './PlanObserver.js';

/**
 * The observers attached to one planner (several monitors may watch it), for
 * planner adapters: `add` returns the function that detaches that observer,
 * `clear` detaches all, and `observer` is the one to report to (null when
 * none, so an unobserved planner checks one variable). A deferred search is
 * built at most once, however many observers read it.
 * @example
 * const observers = new ObserverSet();
 * const detach = observers.add({ search: (t) => console.log(t.target) });
 * observers.observer?.search(trace);
 * detach();
 */
export class ObserverSet {
  /** What the planner reports to: null, the only observer, or one that forwards to each. */
  observer: PlanObserver | null = null;
  private list: readonly PlanObserver[] = [];

  get size(): number {
    return this.list.length;
  }

  /** Attach `observer` (again: no change). Returns its detach function. */
  add(observer: PlanObserver): () => void {
    if (!this.list.includes(observer)) this.set([...this.list, observer]);
    return () => this.set(this.list.filter((o) => o !== observer));
  }

  /** Detaches every observer. */
  clear(): void {
    this.set([]);
  }

  private set(list: readonly PlanObserver[]): void {
    this.list = list;
    this.observer = list.length === 0 ? null : list.length === 1 ? list[0] : forward(list);
  }
}

function forward(list: readonly PlanObserver[]): PlanObserver {
  return {
    search: (trace) => {
      for (const o of list) o.search(trace);
    },
    deferredSearch: (read, summary) => {
      for (const o of list) {
        if (o.deferredSearch) o.deferredSearch(read, summary);
        else o.search(read());
      }
    },
    goals: (goals) => {
      for (const o of list) o.goals?.(goals);
    },
  };
}
