import type { GoapDomain } from '../domain/GoapDomain.js';
import type { Relaxation } from '../heuristics/Relaxation.js';
import type { SearchSpace } from './SearchSpace.js';

/** What regression and progression read from the expander that calls them. @internal */
export interface RegressionContext {
  readonly domain: GoapDomain;
  readonly space: SearchSpace;
  /** The search's start state values: open conditions are counted against them. */
  readonly startValues: ArrayLike<number>;
  /** Backward additive: h is updated from each candidate's changes, reading the relaxation's costs. */
  readonly additive: boolean;
  readonly relaxation: Relaxation | null;
  /** Forward: the goal's words, from which the goal count is kept. */
  readonly goalWords: Int32Array;
}
