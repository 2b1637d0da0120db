import { grow } from '../domain/grow.js';

/**
 * @internal Copies of a planning state's words in one arena (snapshot k at `k * width`), for a search that returns
 * to earlier states: the best-first search keeps one per node that changed the state. Emptied per search; grows
 * only while warming up.
 */
export class StateSnapshots {
  private words: Int32Array;
  private top = 0;

  /** `width`: the state's word count. */
  constructor(private readonly width: number) {
    this.words = new Int32Array(64 * width);
  }

  /** Forget every snapshot (a new search). */
  clear(): void {
    this.top = 0;
  }

  /** Copy `words` into a new snapshot; returns its index. */
  take(words: Int32Array): number {
    const k = this.top++;
    const W = this.width;
    if ((k + 1) * W > this.words.length) this.words = grow(this.words, (k + 1) * W);
    const snaps = this.words;
    for (let i = 0, j = k * W; i < W; i++, j++) snaps[j] = words[i];
    return k;
  }

  /** Copy snapshot `k` back into `words`. */
  restore(k: number, words: Int32Array): void {
    const W = this.width;
    const snaps = this.words;
    for (let i = 0, j = k * W; i < W; i++, j++) words[i] = snaps[j];
  }
}
