import type { SearchSummary } from '@dualplan/world-state';
import { ReusedList } from './ReusedList.js';

/** A search counted once: the times it came again since its counts were last brought up to date, and what its plan credits. */
interface Counted<C> {
  readonly summary: SearchSummary;
  readonly credit: C;
  times: number;
}

/**
 * @internal The searches statistics counted lately, by the planner's capture (a planner
 * reports a search that recurs as the same capture object). A repeat is only noted; its
 * counts are added later, all repeats of one capture at once ({@link settle}: before
 * statistics are read, and when a capture is forgotten). Counts are sums, so the result
 * is the same as counting each repeat when it came; names first counted keep their order,
 * since a repeat counts no name its first count did not.
 */
export class RepeatedSearches<C> {
  private readonly counted = new Map<SearchSummary, Counted<C>>();
  /** Captures repeated since the last settle (some may have been settled when forgotten). */
  private readonly owed = new ReusedList<Counted<C>>();

  /**
   * @param limit how many captures are remembered (the oldest is forgotten first)
   * @param countTimes counts `summary` as if it came `times` times
   */
  constructor(
    private readonly limit: number,
    private readonly countTimes: (summary: SearchSummary, times: number) => void,
  ) {}

  /** When `summary` was counted before: note one more repeat and return what its plan credits; else undefined. */
  repeat(summary: SearchSummary): { readonly credit: C } | undefined {
    const c = this.counted.get(summary);
    if (c !== undefined && c.times++ === 0) {
      this.owed.push(c);
      if (this.owed.length > 2 * this.limit) this.settle();
    }
    return c;
  }

  /** `summary` was just counted, its plan crediting `credit`: remember it (forgetting the oldest, settled, when full). */
  remember(summary: SearchSummary, credit: C): void {
    if (this.counted.size >= this.limit) {
      const oldest = this.counted.values().next().value as Counted<C>;
      this.settleOne(oldest);
      this.counted.delete(oldest.summary);
    }
    this.counted.set(summary, { summary, credit, times: 0 });
  }

  /** Count every repeat noted so far. */
  settle(): void {
    const owed = this.owed;
    for (let i = 0; i < owed.length; i++) this.settleOne(owed.at(i));
    owed.clear();
  }

  /** Forget every capture (their repeats counted first). */
  clear(): void {
    this.settle();
    this.counted.clear();
  }

  private settleOne(c: Counted<C>): void {
    if (c.times === 0) return;
    const times = c.times;
    c.times = 0;
    this.countTimes(c.summary, times);
  }
}
