import type { ReplanTrigger } from '../events/RunnerEvent.js';

/**
 * @internal When a runner replans, as one piece of state with named transitions: the trigger due on the next
 * tick, a replan postponed to the end of a `boundary` step, the reason a plan is doomed at its running step's
 * end, when to ask again with no plan, when to recheck a plan, whether the world changed since the plan was
 * adopted, and how many plans failed in a row. The runner's {@link Replanner} is this state, with the asking added:
 * {@link PlanAdoption} and {@link PendingRequest} return decisions that it applies here; the runner's tick notices
 * changes and raises triggers through the same transitions.
 */
export class ReplanState {
  // The fields a steady tick reads come first (with the replanner's planner capabilities right after them).
  /** The replan to make on the next tick, or null. */
  private due: ReplanTrigger | null = null;
  /** A replan postponed to the end of a `boundary` step, or null. */
  private postponed: ReplanTrigger | null = null;
  /** Whether a recheck is scheduled ({@link recheckFrom} is finite): without one, a tick reads no time. */
  private rechecking = false;
  /** Why the plan fails when its running (non-immediate) step ends, or null. */
  private doom: string | null = null;
  /** With no plan: ask the planner again from this time on. */
  private retryFrom = -Infinity;
  /** Whether the world changed outside the runner since the plan was adopted. */
  private changed = false;
  /** Plans that failed in a row with no outside change while they ran: the planner would repeat them. */
  private streak = 0;
  /** With a plan: recheck it from this time on (Infinity: no recheck scheduled). */
  private recheckFrom = Infinity;
  /** Seconds between periodic rechecks of a running plan (0: none). */
  private readonly recheckEvery: number;
  /** Where in the first interval this runner's first recheck falls (0 to 1): agents spread out. */
  private readonly phase: number;

  /**
   * @param recheckEvery Seconds between periodic rechecks of a running plan (0: none).
   * @param phase Where in the first interval this runner's first recheck falls (0 to 1): agents spread out.
   */
  constructor(recheckEvery = 0, phase = 0) {
    this.recheckEvery = recheckEvery;
    this.phase = phase;
  }

  /** The replan to make on the next tick, or null. */
  get trigger(): ReplanTrigger | null {
    return this.due;
  }
  /** A replan postponed to the end of a `boundary` step, or null. */
  get deferred(): ReplanTrigger | null {
    return this.postponed;
  }
  /** Why the plan fails when its running step ends, or null. */
  get doomed(): string | null {
    return this.doom;
  }
  /** With no plan: ask the planner again from this time on. */
  get retryAt(): number {
    return this.retryFrom;
  }
  /** Plans that failed in a row with no outside change while they ran. */
  get failStreak(): number {
    return this.streak;
  }

  /** Whether a recheck of the running plan is due at `time`. */
  recheckDue(time: number): boolean {
    return this.rechecking && time >= this.recheckFrom;
  }

  /** The planner was just asked at `time`: the next periodic recheck is one interval on (the first, at this runner's phase). */
  scheduleRecheck(time: number): void {
    const every = this.recheckEvery;
    if (every <= 0) this.recheckFrom = Infinity;
    else this.recheckFrom = this.recheckFrom === Infinity ? time + every * this.phase : time + every;
    this.rechecking = this.recheckFrom !== Infinity;
  }

  /** The planner says the plan may be stale: recheck it from `time` on (sooner if one was due sooner). */
  stale(time: number): void {
    this.recheckFrom = Math.min(this.recheckFrom, time);
    this.rechecking = this.recheckFrom !== Infinity;
  }

  /** The world changed outside the runner. */
  worldChanged(): void {
    this.changed = true;
  }

  /** Replan on `trigger` on the next tick, unless another replan is due already. */
  raise(trigger: ReplanTrigger): void {
    if (this.due === null) this.due = trigger;
  }

  /** The plan became invalid (`reason`) while a step that must not be interrupted at once runs: it fails when that step ends. */
  doomPlan(reason: string): void {
    this.doom = reason;
  }

  /** A `boundary` step holds `trigger` back: it becomes due when the step ends ({@link release}). */
  postpone(trigger: ReplanTrigger): void {
    this.postponed = trigger;
  }

  /** No step runs any more: a postponed replan becomes due (unless another is). */
  release(): void {
    if (this.due === null) this.due = this.postponed;
    this.postponed = null;
  }

  /** Ask the planner for a first plan again from `time` on, not before (after no plan, or at once after a lost answer). */
  backOff(time: number): void {
    this.retryFrom = time;
  }

  /** The plan just adopted could not run: nothing is due, and the planner is asked again from `time` on. */
  giveUp(time: number): void {
    this.due = null;
    this.retryFrom = time;
  }

  /** The trigger due now, which is no longer due; or null. */
  take(): ReplanTrigger | null {
    const trigger = this.due;
    this.due = null;
    return trigger;
  }

  /** A new plan was installed: it starts with no outside change, nothing doomed and nothing postponed. */
  adopted(): void {
    this.changed = false;
    this.doom = null;
    this.postponed = null;
  }

  /** The plan failed: replan on `failed`; a failure with no outside change since it was adopted lengthens the streak. */
  planFailed(): void {
    this.ended();
    this.streak = this.changed ? 1 : this.streak + 1;
    this.due = 'failed';
  }

  /** The plan finished: replan on `finished`, and the failure streak ends. */
  planFinished(): void {
    this.ended();
    this.streak = 0;
    this.due = 'finished';
  }

  /** A new planner: ask it on the next tick, with no failure streak. */
  plannerSwitched(): void {
    this.due = 'noPlan';
    this.streak = 0;
  }

  private ended(): void {
    this.doom = null;
    this.postponed = null;
  }
}
