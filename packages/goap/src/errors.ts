import { DualplanError, describeValue, didYouMean, showValue } from '@dualplan/world-state';

/**
 * A GOAP action or goal definition that cannot be compiled: contradictory
 * conditions, an opaque effect, a duplicate name. `subject` names the action or goal.
 * @example
 * try { compileGoapDomain(actions, def); } catch (e) { if (e instanceof GoapDefinitionError) console.log(e.code, e.subject); }
 */
export class GoapDefinitionError extends DualplanError {}

/**
 * A cost that is NaN, negative or non-finite returned by a dynamic cost function
 * at plan time (a bad fixed cost is rejected by `defineActions`). `subject` names the action.
 * @example
 * defineActions(schema, [{ name: 'chop', cost: () => NaN }]); // GoapPlanner.plan throws: subject 'chop'
 */
export class InvalidCostError extends DualplanError {
  constructor(action: string, cost: unknown, when: 'compile' | 'plan') {
    super(
      'INVALID_COST',
      action,
      when === 'compile'
        ? `Action "${action}" has cost ${showValue(cost)}: a cost must be a finite number >= 0 or a function.`
        : `Cost function of action "${action}" returned ${showValue(cost)} at plan time: expected a number >= 0 (Infinity marks it unusable).`,
    );
  }
}

/**
 * A goal name or index the domain does not define.
 * @example
 * planner.plan(state, 'party'); // throws UnknownGoalError, subject 'party'
 */
export class UnknownGoalError extends DualplanError {
  constructor(goal: string, candidates: Iterable<string> = []) {
    super('UNKNOWN_GOAL', goal, `Unknown goal "${goal}": it is not defined in the domain.${didYouMean(goal, candidates)}`);
  }
}

/**
 * A planner asked to start a search while its sliced search is still running (or from inside its own callbacks).
 * @example
 * planner.begin(state, 'patrol');
 * planner.plan(state, 'patrol'); // throws PlannerBusyError: cancel() first, or use another planner
 */
export class PlannerBusyError extends DualplanError {
  constructor() {
    super('PLANNER_BUSY', 'GoapPlanner', 'This GoapPlanner is in the middle of a search: finish or cancel() it, or use another planner instance.');
  }
}

/**
 * Check a per-call expansion budget (a slice's `n`): a whole number >= 1. Throws
 * {@link GoapDefinitionError} `BAD_OPTION` naming the call otherwise (NaN would
 * stall a sliced search forever; 1.5 has no meaning).
 * @internal
 */
export function checkSliceBudget(n: unknown, call: string): void {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    throw new GoapDefinitionError('BAD_OPTION', call, `${call}(n): n is the number of expansions of this slice, a whole number >= 1; got ${describeValue(n)}.`);
  }
}
