import { describeThrown, describeValue, showValue, type Plan, type PlanStep } from '@dualplan/world-state';
import type { RunnerEvent } from './RunnerEvent.js';

/** Renders an operator argument, e.g. an enum value as its name. Default: `String(arg)` (`showValue(arg)` where that throws). */
export type ArgFormatter = (arg: unknown, step: PlanStep) => string;

const plainArg: ArgFormatter = (arg) => {
  try {
    return String(arg);
  } catch {
    // An argument String() cannot convert ({ toString: '' }, a null-prototype object): shown, not thrown from a log line.
    return showValue(arg);
  }
};

/**
 * A step as `Task` or `Task(arg, arg)`.
 * @example
 * formatStep(plan.steps[0]); // 'NavigateToEnemy(2)'
 * formatStep(plan.steps[0], (a) => locationNames[a as number]); // 'NavigateToEnemy(Enemy)'
 */
export function formatStep(step: PlanStep, arg: ArgFormatter = plainArg): string {
  return step.args.length === 0 ? step.task : `${step.task}(${step.args.map((a) => arg(a, step)).join(', ')})`;
}

/**
 * A plan as `A → B(x) → C`, or `(empty)`; a parallel section as `(primary ‖ secondary)`, a race as
 * `(race primary ‖ secondary)` (the first branch to finish wins).
 * @example
 * formatPlan(plan); // 'NavigateToEnemy(2) → DoTrunkSlam(TrunkSlamAnim) → DoRecovery(TrunkSlamRecoverAnim)'
 * formatPlan(coverPlan); // '(RunToCover ‖ Reload) → Shoot'
 */
export function formatPlan(plan: Plan, arg: ArgFormatter = plainArg): string {
  const steps = plan.steps;
  if (steps.length === 0) return '(empty)';
  const sections = plan.parallel ?? [];
  const seq = (from: number, to: number) =>
    from === to
      ? '(nothing)'
      : steps
          .slice(from, to)
          .map((s) => formatStep(s, arg))
          .join(' → ');
  const parts: string[] = [];
  let i = 0;
  for (const s of sections) {
    if (s.start > i) parts.push(seq(i, s.start));
    parts.push(`(${s.race === true ? 'race ' : ''}${seq(s.start, s.split)} ‖ ${seq(s.split, s.end)})`);
    i = s.end;
  }
  if (i < steps.length) parts.push(seq(i, steps.length));
  return parts.join(' → ');
}

/**
 * The start of a timeline line: the tick and the time in seconds, in aligned columns.
 * @example
 * timelinePrefix(12, 1.2); // '   12    1.20s'
 */
export function timelinePrefix(tick: number, time: number): string {
  return `${String(tick).padStart(5)} ${time.toFixed(2).padStart(7)}s`;
}

/**
 * A time for JSON records, rounded to the microsecond: times are sums of `dt`,
 * whose float drift (0.30000000000000004) would otherwise show.
 * @example
 * roundTime(0.1 + 0.2); // 0.3
 */
export function roundTime(seconds: number): number {
  return Number(seconds.toFixed(6));
}

/**
 * One readable timeline line for an event, e.g.
 * `  12  1.20s troll/main [htn] plan found (noPlan): ChooseBridge → NavigateTo(1) → CheckBridge`.
 * @example
 * createAgent({ ...options, onEvent: (e) => console.log(formatEvent(e)) });
 */
export function formatEvent(e: RunnerEvent, arg: ArgFormatter = plainArg): string {
  const head = `${timelinePrefix(e.tick, e.time)} ${e.agent}/${e.runner} [${e.planner}]`;
  switch (e.type) {
    case 'planFound':
      return `${head} plan found (${e.trigger}): ${formatPlan(e.plan, arg)}`;
    case 'planReplaced':
      return `${head} plan replaced (${e.trigger}; ${e.reason})${e.continued ? ' continuing current step' : ''}: ${formatPlan(e.plan, arg)}`;
    case 'planRepaired':
      return `${head} plan repaired from ${e.from} after step ${e.index} failed: ${formatPlan(e.plan, arg)}`;
    case 'planAdjusted':
      return `${head} plan adjusted: ${e.from} re-planned${e.continued ? ', continuing current step' : ''}: ${formatPlan(e.plan, arg)}`;
    case 'planNotFound':
      return `${head} no plan (${e.trigger}, ${e.status}): ${e.reason}`;
    case 'planFinished':
      return `${head} plan finished`;
    case 'planFailed':
      return `${head} plan failed: ${e.reason}`;
    case 'replanSkipped':
      return `${head} replan skipped (${e.trigger}): ${e.reason}`;
    case 'planDropped':
      return `${head} stale answer ${e.id} dropped: ${e.reason}`;
    case 'planningFailed':
      return `${head} planning failed (${e.trigger}): ${e.reason}`;
    case 'stepStarted':
      return `${head}   > ${formatStep(e.step, arg)}`;
    case 'stepSucceeded':
      return `${head}   ✓ ${formatStep(e.step, arg)}`;
    case 'stepFailed':
      return `${head}   ✗ ${formatStep(e.step, arg)}: ${e.reason}`;
    case 'stepAborted':
      return `${head}   ⨯ ${formatStep(e.step, arg)} aborted: ${e.reason}`;
    case 'settledLate':
      return `${head}   … ${formatStep(e.step, arg)}: its ${e.callback} ${e.rejected ? 'rejected' : 'resolved'} after the step ended, ignored (${e.rejected ? describeThrown(e.value) : describeValue(e.value)})`;
    case 'fault':
      return `${head} FAULT ${e.where} ${e.subject}${e.undone > 0 ? ` (${e.undone} writes undone)` : ''}: ${e.error.message}`;
    case 'sensorDisabled':
      return `${head} sensor ${e.sensor} disabled after ${e.failures} failures in a row: ${e.error.message}`;
    case 'plannerChanged':
      return `${head} planner switched from ${e.previous}`;
  }
}

/**
 * A JSON-ready record of an event: plans and steps by name, no context (tools
 * that want the context can read `event.ctx`, a frozen snapshot).
 * @example
 * process.stdout.write(JSON.stringify(eventToJSON(event)) + '\n');
 */
export function eventToJSON(e: RunnerEvent, arg: ArgFormatter = plainArg): Record<string, unknown> {
  const step = (x: PlanStep) => formatStep(x, arg);
  const base = { tick: e.tick, time: roundTime(e.time), agent: e.agent, runner: e.runner, planner: e.planner, type: e.type };
  switch (e.type) {
    case 'planFound':
      return { ...base, trigger: e.trigger, reason: e.reason, steps: e.plan.steps.map(step), cost: e.plan.cost };
    case 'planReplaced':
      return {
        ...base,
        trigger: e.trigger,
        reason: e.reason,
        continued: e.continued,
        steps: e.plan.steps.map(step),
        previous: e.previous.steps.map(step),
        cost: e.plan.cost,
      };
    case 'planRepaired':
    case 'planAdjusted':
      return {
        ...base,
        from: e.from,
        index: e.index,
        reason: e.reason,
        steps: e.plan.steps.map(step),
        previous: e.previous.steps.map(step),
        cost: e.plan.cost,
      };
    case 'planNotFound':
      return { ...base, trigger: e.trigger, status: e.status, reason: e.reason };
    case 'planFinished':
      return { ...base, steps: e.plan.steps.map(step) };
    case 'planFailed':
      return { ...base, reason: e.reason, steps: e.plan.steps.map(step) };
    case 'replanSkipped':
    case 'planningFailed':
      return { ...base, trigger: e.trigger, reason: e.reason };
    case 'planDropped':
      return { ...base, id: e.id, reason: e.reason };
    case 'stepStarted':
    case 'stepSucceeded':
      return { ...base, step: step(e.step), index: e.index };
    case 'stepFailed':
    case 'stepAborted':
      return { ...base, step: step(e.step), index: e.index, reason: e.reason };
    case 'settledLate':
      return {
        ...base,
        step: step(e.step),
        index: e.index,
        callback: e.callback,
        rejected: e.rejected,
        value: e.rejected ? describeThrown(e.value) : describeValue(e.value),
      };
    case 'fault':
      return {
        ...base,
        where: e.where,
        subject: e.subject,
        step: e.failedStep === null ? null : step(e.failedStep),
        index: e.stepIndex,
        code: e.error.code,
        message: e.error.message,
        undone: e.undone,
      };
    case 'sensorDisabled':
      return { ...base, sensor: e.sensor, failures: e.failures, code: e.error.code, message: e.error.message };
    case 'plannerChanged':
      return { ...base, previous: e.previous };
  }
}
