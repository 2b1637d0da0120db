import { DualplanError, describeValue, didYouMean, showValue } from '@dualplan/world-state';

/** A subtask, root or continuation names a task the domain does not define. */
export class UndefinedTaskError extends DualplanError {
  constructor(task: string, where: string, candidates: Iterable<string> = []) {
    // A name that is not a string (plain JavaScript callers) is shown with its type.
    const name = typeof task === 'string' ? task : showValue(task);
    super(
      'UNDEFINED_TASK',
      name,
      `Undefined task ${typeof task === 'string' ? `"${task}"` : `${describeValue(task)}`} referenced by ${where}.${didYouMean(task, candidates)}`,
    );
  }
}

/** Two tasks share a name. */
export class DuplicateTaskError extends DualplanError {
  constructor(task: string) {
    super('DUPLICATE_TASK', task, `Task "${task}" is defined more than once.`);
  }
}

/** A compound task has no methods, so it can never be decomposed. */
export class EmptyCompoundError extends DualplanError {
  constructor(task: string) {
    super('EMPTY_COMPOUND', task, `Compound task "${task}" has no methods.`);
  }
}

/** A malformed task or method definition: missing name, unknown kind, NaN or negative cost, bad args. */
export class TaskDefinitionError extends DualplanError {
  constructor(code: string, task: string, message: string) {
    super(code, task, message);
  }
}

/** A delegate task names a sub-planner that was not registered on the planner. */
export class UnknownDelegateError extends DualplanError {
  constructor(delegate: string, task: string) {
    super('UNKNOWN_DELEGATE', task, `Task "${task}" delegates to "${delegate}", which is not registered in the planner's delegates.`);
  }
}

/**
 * A method's utility function threw or returned something other than a number. The plan call
 * throws this instead (the caller's state is untouched: the planner works on a copy), naming
 * the compound and the method; `cause` holds what was thrown.
 */
export class UtilityError extends DualplanError {
  constructor(task: string, method: string, what: string, cause: unknown) {
    super('UTILITY_FAILED', `${task}.${method}`, `The utility of method ${method} of task "${task}" ${what}.`);
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
}

/**
 * A branch of a race writes a key that a condition outside the race reads. The planner cannot know which
 * branch wins, so the plan after a race may not count on either branch's effects; `subject` is the key.
 */
export class RaceEffectError extends DualplanError {
  constructor(
    readonly race: string,
    readonly key: string,
    readonly writer: string,
    readonly reader: string,
  ) {
    super(
      'RACE_EFFECT',
      key,
      `Task "${writer}" in a branch of race "${race}" writes key "${key}", which "${reader}" reads outside the race. ` +
        `The planner cannot know which branch wins, so nothing after a race may count on a branch's effects: ` +
        `let a sensor report the outcome, or move "${reader}" into the branch.`,
    );
  }
}

/**
 * A compound marked `adjustable` cannot be planned again alone: it is the root task (adjusting it is a full
 * replan), or its methods reach a pause point, a delegate, a parallel task or a subtask function (its part of a
 * plan could not be told apart from the rest). Names the compound and what it reaches.
 */
export class AdjustableTaskError extends DualplanError {
  constructor(task: string, why: string) {
    super('BAD_ADJUSTABLE', task, `Compound task "${task}" cannot be adjustable: ${why}.`);
  }
}
