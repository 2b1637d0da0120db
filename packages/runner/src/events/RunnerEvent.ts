import type { Plan, PlanStatus, PlanStep, UserCodeError } from '@dualplan/world-state';
import type { FaultSource } from '../contract/FaultSource.js';

/**
 * Why the runner asked its planner for a plan: it had none, its plan finished
 * or failed, or the world state changed from outside the plan (sensors,
 * bindings, operators, another runner of the same agent), or a periodic
 * recheck came due (`recheckInterval`). Never its own effects.
 */
export type ReplanTrigger = 'noPlan' | 'finished' | 'failed' | 'worldChanged' | 'recheck';

/** Fields every event carries. `ctx` is the agent's context snapshot at that moment (shared, never copied). */
export interface RunnerEventBase {
  /** The agent's tick number (1 for the first tick). */
  readonly tick: number;
  /** Agent time in seconds. */
  readonly time: number;
  readonly agent: string;
  /** The runner's name within the agent, e.g. `'main'`, `'upper'`, `'lower'`; `''` for the agent's own events (sensors). */
  readonly runner: string;
  /** The planner's `kind`; `''` for the agent's own events. */
  readonly planner: string;
  readonly ctx: unknown;
}

/**
 * What a runner reports, for timelines, logs and monitors. Plain objects that
 * reference the plan and step (no copies), so logging costs nothing until read.
 */
export type RunnerEvent = RunnerEventBase &
  (
    | { readonly type: 'planFound'; readonly plan: Plan; readonly trigger: ReplanTrigger; readonly reason: string }
    | {
        readonly type: 'planReplaced';
        readonly plan: Plan;
        readonly previous: Plan;
        readonly trigger: ReplanTrigger;
        readonly reason: string;
        readonly continued: boolean;
      }
    | {
        /**
         * A failed step's plan was repaired instead of replanned from scratch: `plan` is the new rest, from the failed
         * step `index` of `previous` on; `from` says what was planned again (`'compound AttackEnemy'`, `'suffix'`).
         */
        readonly type: 'planRepaired';
        readonly plan: Plan;
        readonly previous: Plan;
        readonly index: number;
        readonly from: string;
        readonly reason: string;
      }
    | {
        /** An adjustable part of the running plan was planned again after a world change; the rest of the plan runs on. */
        readonly type: 'planAdjusted';
        readonly plan: Plan;
        readonly previous: Plan;
        readonly index: number;
        readonly from: string;
        readonly reason: string;
        /** The running step goes on (it is the new plan's first step). */
        readonly continued: boolean;
      }
    | { readonly type: 'planNotFound'; readonly status: PlanStatus; readonly trigger: ReplanTrigger; readonly reason: string }
    | { readonly type: 'planFinished'; readonly plan: Plan }
    | { readonly type: 'planFailed'; readonly plan: Plan; readonly reason: string }
    | { readonly type: 'replanSkipped'; readonly trigger: ReplanTrigger; readonly reason: string }
    /** A pending planner answered a request the runner no longer waits for (superseded or cancelled): the answer is ignored. */
    | { readonly type: 'planDropped'; readonly id: number; readonly reason: string }
    /** A pending planner could not plan at all (a crashed or hung worker): the runner asks again. */
    | { readonly type: 'planningFailed'; readonly trigger: ReplanTrigger; readonly reason: string }
    | { readonly type: 'stepStarted'; readonly step: PlanStep; readonly index: number }
    | { readonly type: 'stepSucceeded'; readonly step: PlanStep; readonly index: number }
    | { readonly type: 'stepFailed'; readonly step: PlanStep; readonly index: number; readonly reason: string }
    | { readonly type: 'stepAborted'; readonly step: PlanStep; readonly index: number; readonly reason: string }
    | {
        /**
         * A promise an operator's `start` or `update` returned settled after its step had ended (aborted, its plan
         * failed or replaced): its outcome is ignored (not applied, not a fault). Reported once per promise.
         */
        readonly type: 'settledLate';
        readonly step: PlanStep;
        readonly index: number;
        /** Which callback returned the promise. */
        readonly callback: 'start' | 'update';
        /** Whether it was rejected (`value` is then the reason). */
        readonly rejected: boolean;
        /** What it resolved to, or was rejected with. */
        readonly value: unknown;
      }
    | {
        /** User code failed and was contained: see {@link FaultSource}. */
        readonly type: 'fault';
        readonly where: FaultSource;
        /** The operator, sensor, task, planner kind, or (for a listener) the event type it failed on. */
        readonly subject: string;
        /** The plan step concerned, or null (sensors, planners, listeners). Not `step`, so `'step' in event` still means a step event. */
        readonly failedStep: PlanStep | null;
        /** That step's index in its plan, or -1. */
        readonly stepIndex: number;
        /** Names the agent, runner and callback; `error.cause` is what was thrown. */
        readonly error: UserCodeError;
        /** World-state writes of the failed call that were put back. */
        readonly undone: number;
      }
    | {
        /** A sensor failed `failures` times in a row and no longer runs (until `agent.sensors.enable(name)`). */
        readonly type: 'sensorDisabled';
        readonly sensor: string;
        readonly failures: number;
        /** The last failure. */
        readonly error: UserCodeError;
      }
    /** `setPlanner` swapped the planner (`planner` is the new one's kind), after aborting the plan; the next tick plans with it. */
    | { readonly type: 'plannerChanged'; readonly previous: string }
  );

/** The `type` of a {@link RunnerEvent}: the names `onEvent` listeners switch on. */
export type RunnerEventType = RunnerEvent['type'];

/**
 * Receives a runner's step events as arguments instead of event objects: `reason` is '' for
 * `stepStarted` and `stepSucceeded`; `tick`, `time` and `runner` are the event's.
 * @example
 * const steps: StepEventSink = (type, step, index) => console.log(type, step.task, index);
 */
export type StepEventSink = (
  type: 'stepStarted' | 'stepSucceeded' | 'stepFailed' | 'stepAborted',
  step: PlanStep,
  index: number,
  reason: string,
  tick: number,
  time: number,
  runner: string,
) => void;

/** The events an {@link OutcomeEventSink} receives: what came of a planner call, and how a plan ended. */
export type OutcomeEventType =
  'planFound' | 'planReplaced' | 'planRepaired' | 'planAdjusted' | 'planNotFound' | 'replanSkipped' | 'planFinished' | 'planFailed';

/**
 * Receives a runner's outcome events as arguments instead of event objects. Each argument is the event's field of
 * that name, or a stand-in where the event has none: `plan` and `previous` null, `trigger` '' (`planRepaired`,
 * `planAdjusted`, `planFinished`, `planFailed`), `reason` '' (`planFinished`), `index` -1, `continued` false.
 * `detail` is `planNotFound`'s `status` and the `from` of `planRepaired` and `planAdjusted` ('' otherwise).
 * @example
 * const outcomes: OutcomeEventSink = (type, plan, _previous, trigger, reason) => console.log(type, plan?.steps.length ?? 0, trigger, reason);
 */
export type OutcomeEventSink = (
  type: OutcomeEventType,
  plan: Plan | null,
  previous: Plan | null,
  trigger: ReplanTrigger | '',
  reason: string,
  detail: string,
  index: number,
  continued: boolean,
  tick: number,
  time: number,
  runner: string,
) => void;

/**
 * Receives runner events. A listener with `steps` (a recorder counting thousands of steps a
 * second) gets the step events of a main plan through it, and one with `outcomes` the
 * {@link OutcomeEventType outcome events}, with no event object built, while it is a runner's
 * only listener; otherwise it gets them as objects like every other event.
 */
export type RunnerEventListener = ((event: RunnerEvent) => void) & { readonly steps?: StepEventSink; readonly outcomes?: OutcomeEventSink };
