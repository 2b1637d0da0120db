import type { SearchSummary, SearchTrace } from '@dualplan/world-state';
import { ReusedList } from './ReusedList.js';

/** @internal How a search's trace is built when read (null: the search came as a trace). */
export type SearchReader = (() => SearchTrace) | null;

/**
 * @internal The searches of the current planner call as reported (a trace, or a planner's
 * summary with the reader that builds its trace), until the run that files them copies
 * them. Its storage is reused from call to call.
 */
export class PendingSearchList {
  private readonly summaries = new ReusedList<SearchTrace | SearchSummary>();
  private readonly readers = new ReusedList<SearchReader>();

  get length(): number {
    return this.summaries.length;
  }

  push(read: SearchReader, summary: SearchTrace | SearchSummary): void {
    this.summaries.push(summary);
    this.readers.push(read);
  }

  /** Search `i` as reported (or as named by {@link name}). */
  at(i: number): SearchTrace | SearchSummary {
    return this.summaries.at(i);
  }

  /** How search `i`'s trace is built, or null when it is one already. */
  readerAt(i: number): SearchReader {
    return this.readers.at(i);
  }

  /** Build search `i`'s trace now: it replaces the summary. */
  name(i: number): void {
    const read = this.readers.at(i);
    if (read === null) return;
    this.summaries.set(i, read());
    this.readers.set(i, null);
  }

  clear(): void {
    this.summaries.clear();
    this.readers.clear();
  }
}
