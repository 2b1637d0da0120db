/** Lint codes. Errors make `dualplan lint` fail; warnings are reported only. */
export type LintCode =
  | 'UNACHIEVABLE_GOAL'
  | 'DEAD_ACTION'
  | 'SHADOWED_METHOD'
  | 'UNREAD_EFFECT'
  | 'UNUSED_KEY'
  | 'EMPTY_COMPOUND'
  | 'UNREFINABLE_TASK'
  | 'UNGUARDED_RECURSION'
  | 'UNKNOWN_OPERATOR'
  | 'UNUSED_SLOT'
  | 'ODD_NAME'
  | 'UNREACHED_DECORATOR'
  | 'IDLE_DECORATOR'
  | 'REPEAT_UNBOUNDED'
  | 'REPEAT_ZERO'
  | 'RACE_ONE_BRANCH'
  | 'ADJUSTABLE_ROOT'
  | 'FIXED_ADJUSTABLE';

/** One lint finding, naming the task, action, goal, key or operator it is about and where it is. */
export interface LintFinding {
  readonly code: LintCode;
  readonly severity: 'error' | 'warning';
  /** The task, action, goal, key or operator. */
  readonly subject: string;
  /** JSON pointer into the document. */
  readonly path: string;
  readonly message: string;
}
