import type { CompiledGoal } from '../domain/GoapDomain.js';
import type { GoapBudget } from '../search/GoapResult.js';

const BUDGETS: readonly GoapBudget[] = ['', 'expansions', 'length', 'time', 'nodes'];

/**
 * Past this many distinct fallback paths per goal list, new paths are built afresh on every call instead of cached:
 * a bound on memory for agents with many goals, never a change in the reasons given.
 */
const MAX_PATHS = 1024;

/**
 * One sequence of goals that had no plan, in the order they were tried, with its reasons cached: `goal X (no plan for
 * A, B: expansions budget)` for each goal found after it and `no plan for A, B: expansions budget` when none is.
 */
export class FallbackPath {
  /** Next path by failure code (goal index × budget kinds + budget kind). */
  readonly next = new Map<number, FallbackPath>();
  /** The reason when the goal at this index is found after the failures so far. */
  readonly found: (string | undefined)[] = [];
  none: string | undefined = undefined;

  constructor(
    /** The failures so far as text: `A, B: expansions budget` (empty at the root). */
    readonly failed: string,
  ) {}
}

/**
 * The reasons a goal-choosing planner gives ("goal X (no plan for A)") without building strings per call: the same
 * failures in the same order give the same string objects, so a crowd of agents falling back the same way plans with
 * no allocation. One cache per goal list, shared by every planner using that list (the cache holds only immutable
 * strings; each caller keeps its own position, a {@link FallbackPath}).
 */
export class FallbackReasons {
  readonly root = new FallbackPath('');
  /**
   * The goal list as a plain array. A domain's goal list is frozen, and optimized code reads a frozen array's
   * elements through a generic keyed lookup (a call per read); goal selection reads its goals from this copy.
   */
  readonly list: readonly CompiledGoal[];
  private paths = 1;

  private constructor(private readonly goals: readonly CompiledGoal[]) {
    this.list = goals.slice();
  }

  private static readonly byGoals = new WeakMap<readonly CompiledGoal[], FallbackReasons>();
  /** The goal list asked for last and its cache: a planner or a crowd planning one domain's goals skips the map. */
  private static lastGoals: readonly CompiledGoal[] | null = null;
  private static last: FallbackReasons | null = null;

  /** The shared cache for this goal list. */
  static of(goals: readonly CompiledGoal[]): FallbackReasons {
    if (goals === FallbackReasons.lastGoals) return FallbackReasons.last!;
    let reasons = FallbackReasons.byGoals.get(goals);
    if (reasons === undefined) FallbackReasons.byGoals.set(goals, (reasons = new FallbackReasons(goals)));
    FallbackReasons.lastGoals = goals;
    FallbackReasons.last = reasons;
    return reasons;
  }

  /** The path after the goal at `index` had no plan (`budget` names the budget that stopped it, or `''`). */
  fail(at: FallbackPath, index: number, budget: GoapBudget): FallbackPath {
    const code = index * BUDGETS.length + BUDGETS.indexOf(budget);
    let next = at.next.get(code);
    if (next !== undefined) return next;
    const name = this.goals[index].name;
    const label = budget === '' ? name : `${name}: ${budget} budget`;
    next = new FallbackPath(at.failed === '' ? label : `${at.failed}, ${label}`);
    if (this.paths < MAX_PATHS) {
      at.next.set(code, next);
      this.paths++;
    }
    return next;
  }

  /** The reason for a plan found for the goal at `index` after the failures on `at`. */
  found(at: FallbackPath, index: number): string {
    let reason = at.found[index];
    if (reason === undefined) {
      const name = this.goals[index].name;
      at.found[index] = reason = at.failed === '' ? `goal ${name}` : `goal ${name} (no plan for ${at.failed})`;
    }
    return reason;
  }

  /** The reason when no goal had a plan. */
  none(at: FallbackPath): string {
    return (at.none ??= `no plan for ${at.failed}`);
  }
}
