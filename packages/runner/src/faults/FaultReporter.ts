import type { PlanStep, UserCodeError } from '@dualplan/world-state';
import { UserCodeError as UserCodeErrorClass } from '@dualplan/world-state';
import { Callback, type Guard } from './CallGuard.js';
import { faultError, type FaultMode, type FaultSource } from '../contract/FaultSource.js';
import type { RunnerEvent, RunnerEventBase, RunnerEventListener } from '../events/RunnerEvent.js';

/**
 * @internal Where a runner or an agent reports what it contained: counts each
 * fault, turns it into a `fault` event, delivers events with the listener
 * itself contained, and (with `faults: 'rethrow'`) keeps the first error for
 * the end of the tick. Allocates nothing unless there is something to report.
 */
export class FaultReporter {
  private pending: UserCodeError | null = null;
  /** True while a listener's own fault is being delivered (a listener failing on it is not reported again). */
  private inListenerFault = false;

  /**
   * @param names Who reports, for messages: `agent "troll", runner "main"`.
   * @param counter Gets `faults++` per fault (runner stats, or the agent).
   */
  constructor(
    /** The current listener (it changes as listeners are added and removed), or undefined. */
    private readonly listener: () => RunnerEventListener | undefined,
    private readonly mode: FaultMode,
    private readonly names: string,
    private readonly base: () => RunnerEventBase,
    private readonly counter: { faults: number },
    /** The agent's re-entrancy guard: told when a listener runs, for the message of a call it refuses. */
    private readonly guard: Guard,
  ) {}

  /** Note the user callback about to run (for the message of a re-entrant call it makes); {@link called} after it. */
  calling(kind: Callback, subject: string): void {
    this.guard.noteCallback(kind, subject);
  }

  /** The callback noted with {@link calling} returned (or threw). */
  called(): void {
    this.guard.noteCallback(Callback.None, '');
  }

  /** True when a rethrow is due at the end of this tick. */
  get due(): boolean {
    return this.pending !== null;
  }

  /** A fault of user code: `context` says where (the reporter's names are appended), `thrown` is what it threw. */
  fault(where: FaultSource, subject: string, step: PlanStep | null, index: number, context: string, thrown: unknown, undone: number): void {
    this.report(where, subject, step, index, faultError(where, subject, `${context} (${this.names})`, thrown), undone);
  }

  /** Faults a planner contained during its search: one event each, naming this agent and the planner. */
  searchFaults(faults: readonly UserCodeError[], planner: string): void {
    for (const f of faults) {
      const error = new UserCodeErrorClass(f.code, f.subject, f.where, `${f.context} (${this.names}, planner "${planner}")`, f.cause);
      this.report(f.where as FaultSource, f.subject, null, -1, error, 0);
    }
  }

  /** Count, keep for a rethrow, and announce an already built fault. */
  report(where: FaultSource, subject: string, step: PlanStep | null, index: number, error: UserCodeError, undone: number): void {
    this.counter.faults++;
    if (this.mode === 'rethrow' && this.pending === null) this.pending = error;
    if (this.listener() !== undefined) this.emit({ ...this.base(), type: 'fault', where, subject, failedStep: step, stepIndex: index, error, undone });
  }

  /** Deliver an event; a listener that throws is reported (once: not again for its own fault event). */
  emit(event: RunnerEvent): void {
    const guard = this.guard;
    guard.noteCallback(Callback.Listener, event.type);
    try {
      this.listener()!(event);
    } catch (thrown) {
      this.listenerThrew(event, thrown);
    }
    guard.noteCallback(Callback.None, '');
  }

  /** Report a listener that threw on `event` (unless it threw on its own fault report: not again). */
  listenerThrew(event: RunnerEvent, thrown: unknown): void {
    if (this.inListenerFault) return;
    this.inListenerFault = true;
    try {
      this.fault('listener', event.type, null, -1, `An event listener threw on a ${event.type} event`, thrown, 0);
    } finally {
      this.inListenerFault = false;
    }
  }

  /** With `faults: 'rethrow'`: throw the first fault kept since the last call, if any. */
  throwDue(): void {
    const error = this.pending;
    if (error === null) return;
    this.pending = null;
    throw error;
  }
}
