import { describeValue, didYouMean, nameOf, type AgentPlanner } from '@dualplan/world-state';
import type { OperatorMap } from '../contract/Operator.js';
import type { PlanRunnerOptions } from './PlanRunnerOptions.js';
import { RunnerError } from '../RunnerError.js';

// Small checks of a runner that do not need its state.

/**
 * @internal A fraction in (0, 1] fixed by the agent id and runner name (FNV-1a), to stagger periodic rechecks.
 * @example
 * phaseOf('troll', 'main'); // the same fraction on every run
 */
export function phaseOf(agent: string, runner: string): number {
  let h = 0x811c9dc5;
  const key = `${agent}/${runner}`;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (((h >>> 0) % 1024) + 1) / 1024;
}

/**
 * @internal A runner's name is a non-empty string; else `BAD_RUNNER` naming what it is (`subject` when it is missing).
 * @example
 * checkRunnerName(spec.name, '#0'); // throws for { toString: '' }: subject '{"toString":""}'
 */
export function checkRunnerName(name: unknown, subject: string): void {
  if (typeof name !== 'string' || name === '')
    throw new RunnerError('BAD_RUNNER', name == null ? subject : nameOf(name), `A runner needs a non-empty string name, got ${describeValue(name)}.`);
}

/**
 * @internal Every operator id the planner can put in a plan must be registered: checked
 * when the runner is made (and on `setPlanner`), not when a rare branch is first adopted.
 * @example
 * checkOperators(planner, operators, 'main'); // throws UNKNOWN_OPERATOR naming a missing id
 */
export function checkOperators(planner: AgentPlanner<any>, operators: OperatorMap<any>, runner: string): void {
  if (!Array.isArray(planner.operators)) {
    throw new RunnerError(
      'BAD_PLANNER',
      runner,
      `Planner "${nameOf(planner.kind)}" of runner "${runner}" needs an \`operators\` array listing the operator ids its plans use.`,
    );
  }
  const known = Object.keys(operators);
  for (const id of planner.operators) {
    // Only a string (or number) can name a registered operator; Object.hasOwn would convert an object, which can throw.
    if ((typeof id !== 'string' && typeof id !== 'number') || !Object.hasOwn(operators, id)) {
      throw new RunnerError(
        'UNKNOWN_OPERATOR',
        nameOf(id),
        `Planner "${nameOf(planner.kind)}" uses operator "${nameOf(id)}", which runner "${runner}" does not register.${didYouMean(id, known)}`,
      );
    }
  }
}

/**
 * @internal A runner's options, checked once (planner, operators, intervals), with their defaults.
 * @example
 * const { retry, samples, whilePlanning, recheck } = checkRunnerOptions(options); // throws RunnerError on a bad one
 */
export function checkRunnerOptions(options: PlanRunnerOptions<any>): { retry: number; samples: number; whilePlanning: 'continue' | 'idle'; recheck: number } {
  if (options && options.name !== undefined) checkRunnerName(options.name, 'main');
  if (!options || typeof options.planner?.plan !== 'function' || typeof options.planner.shouldReplace !== 'function') {
    throw new RunnerError('BAD_PLANNER', options?.name ?? 'main', 'A runner needs a planner implementing AgentPlanner (plan, shouldReplace).');
  }
  if (!options.operators || typeof options.operators !== 'object') {
    throw new RunnerError('BAD_OPERATORS', options.name ?? 'main', 'A runner needs an object of operators by id.');
  }
  for (const id of Object.keys(options.operators)) {
    if (typeof options.operators[id]?.update !== 'function') throw new RunnerError('BAD_OPERATOR', id, `Operator "${id}" has no update function.`);
  }
  checkOperators(options.planner, options.operators, options.name ?? 'main');
  const retry = options.retryInterval ?? 0.5;
  if (typeof retry !== 'number' || !(retry >= 0) || !Number.isFinite(retry))
    throw new RunnerError('BAD_RETRY_INTERVAL', 'retryInterval', `retryInterval must be a finite number >= 0, got ${describeValue(retry)}.`);
  const samples = options.maxPlanSamples ?? 1024;
  if (!Number.isInteger(samples) || samples < 1)
    throw new RunnerError('BAD_MAX_PLAN_SAMPLES', 'maxPlanSamples', `maxPlanSamples must be an integer >= 1, got ${describeValue(samples)}.`);
  const whilePlanning = options.whilePlanning ?? 'continue';
  if (whilePlanning !== 'continue' && whilePlanning !== 'idle') {
    throw new RunnerError('BAD_WHILE_PLANNING', 'whilePlanning', `whilePlanning must be 'continue' or 'idle', got ${describeValue(whilePlanning)}.`);
  }
  const recheck = options.recheckInterval ?? 0;
  if (typeof recheck !== 'number' || !(recheck >= 0) || !Number.isFinite(recheck))
    throw new RunnerError('BAD_RECHECK_INTERVAL', 'recheckInterval', `recheckInterval must be a finite number >= 0, got ${describeValue(recheck)}.`);
  return { retry, samples, whilePlanning, recheck };
}

/** @internal `BAD_BRANCH` when runner `branch` cannot run the secondary branches of runner `primary` (`refused`). */
export function checkBranch(refused: boolean, branch: string, primary: string): void {
  if (!refused) return;
  throw new RunnerError(
    'BAD_BRANCH',
    branch,
    `Runner "${branch}" cannot run the secondary branches of runner "${primary}": each primary runner of an agent has at most one branch runner, which is neither a primary nor another's branch.`,
  );
}
