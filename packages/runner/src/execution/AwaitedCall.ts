import type { PlanStep } from '@dualplan/world-state';

/** @internal Where a {@link AwaitedCall} is: nothing awaited, a promise pending, or settled and not yet taken. */
export const Awaiting = /* @__PURE__ */ Object.freeze({ None: 0, Pending: 1, Resolved: 2, Rejected: 3 } as const);
export type Awaiting = (typeof Awaiting)[keyof typeof Awaiting];

/** @internal Which operator callback returned the promise. */
export type AsyncCallback = 'start' | 'update';

/** @internal Told of a settlement that came after its step ended (aborted, replaced, failed): it is ignored. */
export type LateSettlement = (callback: AsyncCallback, step: PlanStep, index: number, rejected: boolean, value: unknown) => void;

/**
 * @internal The promise a running step's operator returned from `start` or
 * `update`, if any (one per runner: one step runs at a time). Its handlers are
 * attached the moment it is received, so no promise the engine is given is
 * ever left unhandled; they only record the outcome, which the runner takes on
 * its next tick (game state changes only inside ticks). A settlement for a
 * step that ended meanwhile is ignored and reported once through `late`.
 * Nothing here is touched by a synchronous operator.
 */
export class AwaitedCall {
  /** Read by the runner each tick; written only here. */
  state: Awaiting = Awaiting.None;
  /** The callback whose promise this is. */
  callback: AsyncCallback = 'update';
  private value: unknown = undefined;
  private step: PlanStep | null = null;
  private index = -1;
  /** Bumped whenever the awaited promise stops mattering: a settlement of an older one is late. */
  private generation = 0;

  constructor(private readonly late: LateSettlement) {}

  /**
   * Await `thenable`, which `callback` of `step` returned. Throws what its `then` throws (the caller treats
   * that as the callback throwing); a thenable that settles at once is taken on the next check as any other.
   */
  watch(thenable: PromiseLike<unknown>, callback: AsyncCallback, step: PlanStep, index: number): void {
    const generation = ++this.generation;
    this.state = Awaiting.Pending;
    this.callback = callback;
    this.step = step;
    this.index = index;
    // A promise settles once; a hand-made thenable might call back twice, or both ways: only its first call counts.
    let once = true;
    try {
      thenable.then(
        (value) => {
          if (once) this.settled(generation, false, value, callback, step, index);
          once = false;
        },
        (reason: unknown) => {
          if (once) this.settled(generation, true, reason, callback, step, index);
          once = false;
        },
      );
    } catch (thrown) {
      this.generation++;
      this.reset();
      throw thrown;
    }
  }

  /** The settled value (or rejection reason), after which nothing is awaited. */
  take(): unknown {
    const value = this.value;
    this.reset();
    return value;
  }

  /** The step ended: a pending promise's settlement will be late, and a settled one not yet taken is ignored now. */
  drop(): void {
    if (this.state === Awaiting.None) return;
    this.generation++;
    const settled = this.state !== Awaiting.Pending;
    const { callback, step, index, value } = this;
    const rejected = this.state === Awaiting.Rejected;
    this.reset();
    if (settled) this.late(callback, step!, index, rejected, value);
  }

  private settled(generation: number, rejected: boolean, value: unknown, callback: AsyncCallback, step: PlanStep, index: number): void {
    if (generation !== this.generation || this.state !== Awaiting.Pending) return this.late(callback, step, index, rejected, value);
    this.state = rejected ? Awaiting.Rejected : Awaiting.Resolved;
    this.value = value;
  }

  private reset(): void {
    this.state = Awaiting.None;
    this.value = undefined;
    this.step = null;
    this.index = -1;
  }
}
