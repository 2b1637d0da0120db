import { DualplanError, describeValue, didYouMean } from '@dualplan/world-state';
import { BestFirstEngine } from './BestFirstEngine.js';
import type { HtnSearchMode } from './HtnSearchEngine.js';
import type { HtnSearchModeName } from './HtnSearchModeName.js';
import { OrderedEngine } from './OrderedEngine.js';

/**
 * The HTN planner's search modes, registered once: the option type, its validation and what each mode
 * supports come from here. A new mode is one engine file and one entry.
 */
const SEARCH_MODES = {
  /** Depth-first over methods in order, chronological backtracking, MTR, traces, pause points. */
  ordered: { traces: true, resumes: true, create: (host, trace) => new OrderedEngine(host, trace) },
  /** The cheapest decomposition by plan cost. */
  'best-first': { traces: false, resumes: false, create: (host) => new BestFirstEngine(host) },
} satisfies Record<HtnSearchModeName, HtnSearchMode>;

/** @internal The mode named `name`; anything else is `BAD_OPTION` with a suggestion. */
export function searchMode(name: unknown): HtnSearchMode {
  if (typeof name === 'string' && Object.hasOwn(SEARCH_MODES, name)) return SEARCH_MODES[name as HtnSearchModeName];
  const names = Object.keys(SEARCH_MODES);
  throw new DualplanError(
    'BAD_OPTION',
    'mode',
    `HtnPlanner option mode must be ${names.map((n) => `'${n}'`).join(' or ')}, got ${describeValue(name)}.${typeof name === 'string' ? didYouMean(name, names) : ''}`,
  );
}
