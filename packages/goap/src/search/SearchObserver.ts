import type { WorldState } from '@dualplan/world-state';
import type { GoapDomain } from '../domain/GoapDomain.js';
import type { GoapResult } from './GoapResult.js';

/** What an observer may read from the search it watches. @internal */
export interface ObservedSearch {
  readonly domain: GoapDomain;
  readonly maxPlanLength: number;
  readonly start: WorldState<any>;
  readonly result: GoapResult;
  /** 0 when action `a` is usable in the search, else why not (a `Verdict` code). */
  usable(a: number): number;
}

/**
 * Watches one search as it runs (a trace implements it): told when a search
 * starts, each expansion, each action considered with its verdict, and the end.
 * The search knows only this interface, so `search/` never depends on how
 * observations are kept or shown. @internal
 */
export interface SearchObserver {
  clear(goal: string, mode: 'backward' | 'forward', search: ObservedSearch, width: number): void;
  /** Node `node` (reached from `parent` by `action`, with g and h) is expanded; its words are at `words[at..]`. */
  expand(node: number, parent: number, action: number, g: number, h: number, words: ArrayLike<number>, at: number): void;
  /** Action `action` was considered for the node last expanded: its verdict code and the failing touch record or check. */
  consider(action: number, verdict: number, fail: number): void;
  finish(search: ObservedSearch, found: boolean): void;
}
