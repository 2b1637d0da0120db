import type { SubPlanner, UnavailableTable } from '@dualplan/world-state';
import type { DynamicCosts } from './DynamicCosts.js';
import type { FailureTexts } from './FailureTexts.js';
import type { StepCache } from './StepCache.js';

/** @internal What a planner gives its searches, fixed for its lifetime. */
export interface SearchSettings<Ctx> {
  readonly maxSteps: number;
  readonly maxDepth: number;
  /** Reaching `maxDepth` fails the branch (backtracking) instead of stopping the search. */
  readonly depthBacktracks: boolean;
  /** Per task: the registered sub-planner of a delegate task, else null. */
  readonly delegates: readonly (SubPlanner<Ctx> | null)[];
  readonly steps: StepCache;
  readonly texts: FailureTexts;
  /** Function costs evaluated for the current plan, or null when all costs are numbers. */
  readonly costs: DynamicCosts | null;
  /** The planner's seeded generator, for `select: 'random'` (replaced when the planner reseeds). */
  random: () => number;
  /** Per slot index: the task id of the root of the sub-domain compiled in for that slot, or -1 when the slot is empty. */
  readonly slotRoot: Int32Array;
  /** Per task id: what the agent may not choose in the current request (cooldowns, once), filled per `plan()` call. */
  readonly unavailable: UnavailableTable;
}
