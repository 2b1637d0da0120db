import { UserCodeError, describeValue } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';

/**
 * Which user callback failed, in a `fault` event:
 * an operator's `start`, `update` (threw, or returned no {@link OperatorStatus}) or `abort`;
 * a sensor; the planner (`plan`, `shouldReplace`, `update`, or its step feedback);
 * a condition or effect function of a plan step; an event listener; or, reported
 * by the planner from its search, an action's `cost`, GOAP's custom `heuristic`, a `goal`'s priority or
 * validity, or an HTN `task` function (subtasks, arguments, sub-planner).
 */
export type FaultSource =
  | 'operator.start'
  | 'operator.update'
  | 'operator.status'
  | 'operator.abort'
  | 'sensor'
  | 'planner'
  | 'condition'
  | 'effect'
  | 'listener'
  | 'cost'
  | 'heuristic'
  | 'goal'
  | 'task';

/**
 * What the runner does with a fault: `'contain'` (the default: report it as an
 * event and carry on without the failed call's work) or `'rethrow'` (the same
 * containment, then the {@link UserCodeError} is thrown from `tick`, for tests
 * and debugging).
 */
export type FaultMode = 'contain' | 'rethrow';

const CODES: Readonly<Record<FaultSource, string>> = {
  'operator.start': 'OPERATOR_THREW',
  'operator.update': 'OPERATOR_THREW',
  'operator.status': 'BAD_OPERATOR_STATUS',
  'operator.abort': 'OPERATOR_THREW',
  sensor: 'SENSOR_THREW',
  planner: 'PLANNER_THREW',
  condition: 'CONDITION_THREW',
  effect: 'EFFECT_THREW',
  listener: 'LISTENER_THREW',
  cost: 'COST_THREW',
  heuristic: 'HEURISTIC_THREW',
  goal: 'GOAL_THREW',
  task: 'TASK_THREW',
};

/**
 * The typed error for a fault: code by source (`OPERATOR_THREW`,
 * `SENSOR_THREW`, ...), `subject` the operator, sensor, task or planner,
 * and a message that says where it happened.
 * @example
 * faultError('sensor', 'vision', 'Sensor "vision" of agent "troll"', new TypeError('x'));
 */
export function faultError(where: FaultSource, subject: string, context: string, cause: unknown): UserCodeError {
  return new UserCodeError(CODES[where], subject, where, context, cause);
}

/**
 * Check a {@link FaultMode} option once, up front.
 * @example
 * faultMode(options.faults, 'troll'); // 'contain'
 */
export function faultMode(mode: unknown, subject: string): FaultMode {
  if (mode === undefined || mode === 'contain') return 'contain';
  if (mode === 'rethrow') return 'rethrow';
  throw new RunnerError('BAD_FAULT_MODE', 'faults', `${subject}: faults must be 'contain' or 'rethrow', got ${describeValue(mode)}.`);
}
