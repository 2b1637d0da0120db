import { RunnerError } from '../RunnerError.js';
import {
  describeValue,
  goalCooldownOf,
  onceScope,
  type Availability,
  type Decorators,
  type Plan,
  type PlanStep,
  type StepScope,
  type Unavailable,
} from '@dualplan/world-state';

/**
 * The decorator state of an agent as plain data ({@link BehaviourLedger.save}): cooldowns as seconds left, and
 * the actions done `once` per agent. What belongs to a running plan (its `once: 'plan'` marks, retry counts,
 * check times) is not kept: a restored agent starts without a plan.
 */
export interface BehaviourSnapshot {
  /** Action name and seconds left on its cooldown. */
  readonly cooldowns: readonly (readonly [string, number])[];
  /** Actions done with `once: 'agent'`. */
  readonly once: readonly string[];
  /** Goals skipped for their cool-down after failures, and seconds left (absent in older saves: none). */
  readonly goals?: readonly (readonly [string, number])[];
}

/** What one runner's running step has used of its decorators. */
interface StepMarks {
  step: PlanStep | null;
  /** Retries used by `step`. */
  retries: number;
  /** When `step`'s executing conditions are checked next (`checkEvery`). */
  nextCheck: number;
  /** Actions run with `once: 'plan'` by the runner's current plan. */
  readonly planOnce: Set<string>;
  /** Retries used per compound or method (scope key) in the runner's current plan. */
  readonly scopeRetries: Map<string, number>;
  /** After a failure a scope retries: the index of its first step, where the plan starts again; else -1. */
  rewind: number;
  /** The retries allowed to what the last retry was of (the step's, or its scope's), and the scope's key ('' for the step). */
  retryOf: number;
  retryKey: string;
}

/**
 * The one owner of an agent's decorator state, shared by its runners: when each action's cooldown ends, which
 * actions ran `once`, and per runner the retries and check times of the running step. The runner tells it when a
 * decorated step starts, ends or fails; it answers with the {@link Availability} view the planner gets with each
 * request (undefined while nothing is blocked, so agents without decorators pay nothing). Saved and restored with
 * {@link save} / {@link restore}.
 * @example
 * const saved = agent.behaviour.save();
 * later.behaviour.restore(saved); // the cooldowns go on where they were
 */
export class BehaviourLedger {
  // Each collection is a shared empty one (typed read-only, never written) until this ledger first writes to it:
  // most agents use no decorators, and a crowd's ledgers then cost one small object each.
  private cooldownEnds: ReadonlyMap<string, number> = NO_TIMES;
  /** Per goal (of a goal-choosing planner): the times of its plans' recent failures, oldest first. */
  private goalFailures: ReadonlyMap<string, number[]> = NO_FAILURES;
  /** Per goal: until when it is skipped after repeated failures. */
  private goalEnds: ReadonlyMap<string, number> = NO_TIMES;
  private doneOnce: ReadonlySet<string> = NO_NAMES;
  private marks: ReadonlyMap<string, StepMarks> = NO_MARKS;
  private readonly clock: () => number;
  /** Told (once) when this ledger first writes something {@link availability} reads (see {@link watchBlank}). */
  private onWrite: (() => void)[] | null = null;

  /** `clock` is the agent's time in seconds. */
  constructor(clock: () => number) {
    this.clock = clock;
  }

  /** Seconds left on `name`'s cooldown (0: none). */
  cooldownLeft(name: string): number {
    const end = this.cooldownEnds.get(name);
    return end === undefined ? 0 : Math.max(0, end - this.clock());
  }

  /** Seconds goal `goal` is still skipped for after repeated failures (0: it is not). */
  goalCooldownLeft(goal: string): number {
    const end = this.goalEnds.get(goal);
    return end === undefined ? 0 : Math.max(0, end - this.clock());
  }

  /**
   * A step of `plan` failed: when the plan carries its goal's cool-down rule (`meta.goalCooldown`, GOAP), the
   * failure counts, and the goal is skipped for the rule's `seconds` once `failures` of them fall within `window`.
   */
  planStepFailed(plan: Plan): void {
    const cooling = goalCooldownOf(plan);
    if (cooling === null) return;
    const { goal, rule } = cooling;
    const now = this.clock();
    let times = this.goalFailures.get(goal);
    if (times === undefined) this.failuresToWrite().set(goal, (times = []));
    times.push(now);
    while (times.length > 0 && times[0] < now - rule.window) times.shift();
    if (times.length >= rule.failures) {
      this.goalEndsToWrite().set(goal, now + rule.seconds);
      times.length = 0;
    }
  }

  /** Whether `name` ran with `once: 'agent'`. */
  doneForGood(name: string): boolean {
    return this.doneOnce.has(name);
  }

  /**
   * Whether decorated `step`, about to start on `runner`, is a `once` action already run (by the agent for good, or
   * by this runner's current plan) and not a retry of the running step: the runner then refuses it, so a plan that
   * counts on a `once` action twice fails at its second use instead of running it again.
   */
  doneBefore(runner: string, step: PlanStep): boolean {
    const once = onceScope(step.decorators!);
    if (once === null || (this.doneOnce === NO_NAMES && this.marks === NO_MARKS)) return false;
    const m = this.marks.get(runner);
    if (m !== undefined && m.step === step) return false;
    return once === 'agent' ? this.doneOnce.has(step.task) : m !== undefined && m.planOnce.has(step.task);
  }

  /** What runner `runner`'s planner may not choose now, or undefined when everything is available. */
  availability(runner: string): Availability | undefined {
    // Nothing ever written (most agents): the shared empty collections are compared, not read.
    if (this.cooldownEnds === NO_TIMES && this.doneOnce === NO_NAMES && this.goalEnds === NO_TIMES && this.marks === NO_MARKS) return undefined;
    const planOnce = this.marks.get(runner)?.planOnce;
    if (this.cooldownEnds.size === 0 && this.doneOnce.size === 0 && this.goalEnds.size === 0 && (planOnce === undefined || planOnce.size === 0))
      return undefined;
    const now = this.clock();
    const out: Unavailable[] = [];
    for (const [name, end] of this.cooldownEnds) {
      if (end > now) out.push({ name, seconds: end - now, once: false });
      else this.cooldownsToWrite().delete(name);
    }
    for (const name of this.doneOnce) out.push({ name, seconds: 0, once: true });
    if (planOnce !== undefined) for (const name of planOnce) if (!this.doneOnce.has(name)) out.push({ name, seconds: 0, once: true });
    let goals: Unavailable[] | undefined;
    for (const [name, end] of this.goalEnds) {
      if (end > now) (goals ??= []).push({ name, seconds: end - now, once: false });
      else this.goalEndsToWrite().delete(name);
    }
    if (goals !== undefined) return { unavailable: out, goals };
    return out.length === 0 ? undefined : { unavailable: out };
  }

  /**
   * Decorated step `steps[index]` of `runner` started (a retry of the same step keeps its count). The HTN scopes
   * it opens (those the step before did not carry) start too.
   */
  started(runner: string, steps: readonly PlanStep[], index: number): void {
    const step = steps[index];
    const d = step.decorators!;
    const m = this.marksOf(runner);
    if (m.step !== step) {
      m.step = step;
      m.retries = 0;
    }
    if (d.checkEvery !== undefined) m.nextCheck = this.clock() + d.checkEvery;
    this.begin(m, step.task, d);
    if (step.scopes !== undefined) for (const s of step.scopes) if (index === 0 || !carries(steps[index - 1], s)) this.begin(m, s.key, s.decorators);
  }

  /** Decorated step `steps[index]` of `runner` succeeded: it ended, and so did the scopes the next step does not carry. */
  succeeded(runner: string, steps: readonly PlanStep[], index: number): void {
    const step = steps[index];
    this.end(step.task, step.decorators!);
    if (step.scopes !== undefined) for (const s of step.scopes) if (index + 1 >= steps.length || !carries(steps[index + 1], s)) this.end(s.key, s.decorators);
    const m = this.marks.get(runner);
    if (m !== undefined) m.step = null;
  }

  /**
   * Decorated step `steps[index]` of `runner` failed: the number of the retry it gets now (1 for the first), or 0
   * when it has none left (then it ended, and its scopes with it: the plan fails). With its own retries used up,
   * the innermost compound or method around it with `retries` left starts again from its first step
   * ({@link restartAt} says where), at most its `retries` times in one plan.
   */
  failed(runner: string, steps: readonly PlanStep[], index: number): number {
    const step = steps[index];
    const allowed = step.decorators!.retries ?? 0;
    const m = this.marksOf(runner);
    m.rewind = -1;
    if (m.step === step && m.retries < allowed) {
      m.retryOf = allowed;
      m.retryKey = '';
      return ++m.retries;
    }
    const scope = step.scopes === undefined ? -1 : this.retryingScope(m, steps, index);
    if (scope >= 0) {
      const s = step.scopes![scope];
      const used = (m.scopeRetries.get(s.key) ?? 0) + 1;
      m.scopeRetries.set(s.key, used);
      m.step = null;
      m.retryOf = s.decorators.retries!;
      m.retryKey = s.key;
      return used;
    }
    m.step = null;
    this.end(step.task, step.decorators!);
    if (step.scopes !== undefined) for (const s of step.scopes) this.end(s.key, s.decorators);
    return 0;
  }

  /** After {@link failed} gave a compound or method a retry: the index of its first step, where `runner`'s plan starts again; else -1. */
  restartAt(runner: string): number {
    return this.marks.get(runner)?.rewind ?? -1;
  }

  /** What the last retry {@link failed} gave was of: the retries allowed, and the compound or method ('' for the step itself). */
  retryNote(runner: string): { readonly of: number; readonly key: string } {
    const m = this.marks.get(runner);
    return { of: m?.retryOf ?? 0, key: m?.retryKey ?? '' };
  }

  /** The index in `steps[index].scopes` of the innermost scope with retries left (its run starts latest), setting `m.rewind`; or -1. */
  private retryingScope(m: StepMarks, steps: readonly PlanStep[], index: number): number {
    const scopes = steps[index].scopes!;
    let best = -1;
    for (let i = 0; i < scopes.length; i++) {
      const s = scopes[i];
      const n = s.decorators.retries;
      if (n === undefined || (m.scopeRetries.get(s.key) ?? 0) >= n) continue;
      let from = index;
      while (from > 0 && carries(steps[from - 1], s)) from--;
      if (from > m.rewind) {
        m.rewind = from;
        best = i;
      }
    }
    return best;
  }

  /** Whether the running decorated step's executing conditions are due for a check (`checkEvery`); moves the next check on. */
  checkDue(runner: string, every: number): boolean {
    const m = this.marks.get(runner);
    const now = this.clock();
    if (m === undefined || now >= m.nextCheck) {
      if (m !== undefined) m.nextCheck = now + every;
      return true;
    }
    return false;
  }

  /** `runner`'s plan ended (finished, failed, replaced or dropped): its `once: 'plan'` marks and retry count go. */
  planEnded(runner: string): void {
    if (this.marks === NO_MARKS) return;
    const m = this.marks.get(runner);
    if (m === undefined) return;
    m.step = null;
    m.retries = 0;
    m.planOnce.clear();
    m.scopeRetries.clear();
    m.rewind = -1;
  }

  /**
   * The cooldowns and `once` marks as plain data (JSON-safe), for a save game.
   * @example
   * localStorage.setItem('troll', JSON.stringify(agent.behaviour.save()));
   */
  save(): BehaviourSnapshot {
    const now = this.clock();
    const cooldowns: [string, number][] = [];
    for (const [name, end] of this.cooldownEnds) if (end > now) cooldowns.push([name, end - now]);
    const goals: [string, number][] = [];
    for (const [name, end] of this.goalEnds) if (end > now) goals.push([name, end - now]);
    return { cooldowns, once: [...this.doneOnce], goals };
  }

  /**
   * Replace the state with a saved one; the cooldowns go on from the agent's time now.
   * Throws {@link RunnerError} `BAD_SNAPSHOT` naming the bad part.
   * @example
   * agent.behaviour.restore(JSON.parse(localStorage.getItem('troll')!));
   */
  restore(snapshot: BehaviourSnapshot): void {
    if (!snapshot || !Array.isArray(snapshot.cooldowns) || !Array.isArray(snapshot.once))
      throw new RunnerError('BAD_SNAPSHOT', 'behaviour', `A behaviour snapshot needs cooldowns and once arrays, got ${describeValue(snapshot)}.`);
    for (const entry of snapshot.cooldowns) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number' || !(entry[1] >= 0))
        throw new RunnerError('BAD_SNAPSHOT', 'cooldowns', `A behaviour snapshot's cooldown must be [name, seconds >= 0], got ${describeValue(entry)}.`);
    }
    for (const name of snapshot.once)
      if (typeof name !== 'string')
        throw new RunnerError('BAD_SNAPSHOT', 'once', `A behaviour snapshot's once entry must be a name, got ${describeValue(name)}.`);
    const goals = snapshot.goals ?? [];
    if (!Array.isArray(goals)) throw new RunnerError('BAD_SNAPSHOT', 'goals', `A behaviour snapshot's goals must be an array, got ${describeValue(goals)}.`);
    for (const entry of goals)
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number' || !(entry[1] >= 0))
        throw new RunnerError('BAD_SNAPSHOT', 'goals', `A behaviour snapshot's goal cool-down must be [goal, seconds >= 0], got ${describeValue(entry)}.`);
    const now = this.clock();
    this.cooldownEnds = NO_TIMES;
    this.doneOnce = NO_NAMES;
    this.marks = NO_MARKS;
    this.goalFailures = NO_FAILURES;
    this.goalEnds = NO_TIMES;
    for (const [name, left] of snapshot.cooldowns) this.cooldownsToWrite().set(name, now + left);
    for (const [goal, left] of goals) this.goalEndsToWrite().set(goal, now + left);
    for (const name of snapshot.once) this.onceToWrite().add(name);
  }

  /** `key` (an action, compound or method) started: a cooldown from the start, `once`. */
  private begin(m: StepMarks, key: string, d: Decorators): void {
    if (d.cooldown !== undefined && d.cooldownFrom === 'start') this.cooldownsToWrite().set(key, this.clock() + d.cooldown);
    const once = onceScope(d);
    if (once === 'agent') this.onceToWrite().add(key);
    else if (once === 'plan') m.planOnce.add(key);
  }

  /** `key` ended: a cooldown from the end. */
  private end(key: string, d: Decorators): void {
    if (d.cooldown !== undefined && d.cooldownFrom !== 'start') this.cooldownsToWrite().set(key, this.clock() + d.cooldown);
  }

  private marksOf(runner: string): StepMarks {
    let m = this.marks.get(runner);
    if (m === undefined)
      this.marksToWrite().set(
        runner,
        (m = { step: null, retries: 0, nextCheck: 0, planOnce: new Set(), scopeRetries: new Map(), rewind: -1, retryOf: 0, retryKey: '' }),
      );
    return m;
  }

  /**
   * @internal Whether nothing {@link availability} reads was ever written (it then answers undefined for every runner); if so,
   * `told` is called when that ends (once). A runner then need not ask this ledger on every recheck.
   */
  watchBlank(told: () => void): boolean {
    if (this.cooldownEnds !== NO_TIMES || this.doneOnce !== NO_NAMES || this.goalEnds !== NO_TIMES || this.marks !== NO_MARKS) return false;
    const watching = this.onWrite;
    if (watching === null) this.onWrite = [told];
    else if (!watching.includes(told)) watching.push(told);
    return true;
  }

  /** A collection {@link availability} reads is written for the first time: tell the watchers. */
  private leaveBlank(): void {
    const told = this.onWrite;
    if (told === null) return;
    this.onWrite = null;
    for (let i = 0; i < told.length; i++) told[i]();
  }

  // The collections to write: this ledger's own, made on the first write.
  private cooldownsToWrite(): Map<string, number> {
    if (this.cooldownEnds === NO_TIMES) {
      this.cooldownEnds = new Map();
      this.leaveBlank();
    }
    return this.cooldownEnds as Map<string, number>;
  }
  private goalEndsToWrite(): Map<string, number> {
    if (this.goalEnds === NO_TIMES) {
      this.goalEnds = new Map();
      this.leaveBlank();
    }
    return this.goalEnds as Map<string, number>;
  }
  private failuresToWrite(): Map<string, number[]> {
    if (this.goalFailures === NO_FAILURES) this.goalFailures = new Map();
    return this.goalFailures as Map<string, number[]>;
  }
  private onceToWrite(): Set<string> {
    if (this.doneOnce === NO_NAMES) {
      this.doneOnce = new Set();
      this.leaveBlank();
    }
    return this.doneOnce as Set<string>;
  }
  private marksToWrite(): Map<string, StepMarks> {
    if (this.marks === NO_MARKS) {
      this.marks = new Map();
      this.leaveBlank();
    }
    return this.marks as Map<string, StepMarks>;
  }
}

const NO_TIMES: ReadonlyMap<string, number> = new Map();
const NO_FAILURES: ReadonlyMap<string, number[]> = new Map();
const NO_NAMES: ReadonlySet<string> = new Set();
const NO_MARKS: ReadonlyMap<string, StepMarks> = new Map();

/** Whether `step` was planned under `scope` too. */
function carries(step: PlanStep, scope: StepScope): boolean {
  return step.scopes !== undefined && step.scopes.includes(scope);
}
