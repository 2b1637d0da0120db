import { RunnerError } from '../RunnerError.js';

/** @internal Which kind of callback of an agent is running (see {@link Guard.noteCallback}). */
export const Callback = /* @__PURE__ */ Object.freeze({
  None: 0,
  OperatorStart: 1,
  OperatorUpdate: 2,
  OperatorAbort: 3,
  Listener: 4,
  Planner: 5,
  Sensor: 6,
  Condition: 7,
} as const);
export type Callback = (typeof Callback)[keyof typeof Callback];

const KINDS: readonly string[] = ['a callback', 'operator', 'operator', 'operator', 'event listener', 'planner', 'sensor', 'condition or effect function'];
const CALLS: readonly string[] = ['', 'start', 'update', 'abort', '', '', 'update', ''];

/**
 * @internal Keeps an agent's own callbacks (operators, sensors, event
 * listeners, its planners, condition and effect functions) from changing the
 * agent while it is in the middle of a call into them: a `tick()`, a
 * `setPlanner`, an `abortPlan` made from inside one would run a second tick
 * (or drop the plan) under the first, which then goes on with stale state
 * (a step ends twice, its effects are applied twice). Every entry point of an
 * agent and of its runners enters the guard; a call made while it is held is
 * a {@link RunnerError} `REENTRANT_CALL` naming the call and the callback it
 * came from ({@link refusal}), thrown into that callback (which the runner
 * contains like any other failure of it). One guard per agent, shared by its
 * runners ({@link guardOf}): an {@link Agent} is its own guard (its tick then
 * touches no other object for it), a plain `AgentView` gets a {@link CallGuard}.
 * Allocates nothing unless a call is refused.
 */
/**
 * @internal A step execution, asked by its agent's guard which operator's `update` it is running, only when a call
 * is refused: the hot update path then writes one flag of its own instead of telling the guard twice per update.
 */
export interface UpdateSource {
  /** The operator whose `update` this execution is calling now, or null. */
  readonly updatingOperator: string | null;
}

export interface Guard {
  /** Enter the agent for `call` (e.g. `'tick()'`), or throw `REENTRANT_CALL` when it is already inside one. `who` names the agent or runner. */
  enterCall(call: string, who: string): void;
  /** Leave the agent (always, also when the call threw). */
  exitCall(): void;
  /** Whether the agent is inside a call now. */
  readonly inCall: boolean;
  /** Note the callback about to run (`subject`: the operator, planner kind, event type...), for the message of a refused call. */
  noteCallback(kind: Callback, subject: string): void;
  /** Ask `source` which operator update it runs when a call is refused with no callback noted. */
  watch(source: UpdateSource): void;
}

/** @internal The {@link Guard} of an agent that is not an {@link Agent} (a plain `AgentView`, in tests and tools). */
export class CallGuard implements Guard {
  private held = false;
  private kind: Callback = Callback.None;
  private subject = '';
  private readonly sources: UpdateSource[] = [];

  enterCall(call: string, who: string): void {
    if (this.held) throw refusal(call, who, this.kind, this.subject, this.sources);
    this.held = true;
    this.kind = Callback.None;
  }

  exitCall(): void {
    this.held = false;
  }

  get inCall(): boolean {
    return this.held;
  }

  noteCallback(kind: Callback, subject: string): void {
    this.kind = kind;
    this.subject = subject;
  }

  watch(source: UpdateSource): void {
    this.sources.push(source);
  }
}

/**
 * @internal The `REENTRANT_CALL` error for `call` into `who`, made from callback `kind` on `subject`; with no callback
 * noted, from the operator update one of `sources` is running, if any.
 */
export function refusal(call: string, who: string, kind: Callback, subject: string, sources: readonly UpdateSource[] = []): RunnerError {
  for (let i = 0; kind === Callback.None && i < sources.length; i++) {
    const operator = sources[i].updatingOperator;
    if (operator !== null) {
      kind = Callback.OperatorUpdate;
      subject = operator;
    }
  }
  const from =
    kind === Callback.None
      ? 'one of its callbacks'
      : kind === Callback.Listener
        ? `an event listener (on a ${subject} event)`
        : subject === ''
          ? `a ${KINDS[kind]}`
          : `${KINDS[kind]} "${subject}"${CALLS[kind] !== '' ? ` ${CALLS[kind]}` : ''}`;
  return new RunnerError(
    'REENTRANT_CALL',
    call,
    `${who}: ${call} was called from ${from} while the agent was running it. An agent's callbacks may not tick it, switch its planner, ` +
      `abort or cancel its plan, or deliver its planner's answers (the outer call would go on with stale state); do it after the tick, e.g. from a timer or the game loop.`,
  );
}

const guards = new WeakMap<object, CallGuard>();

/** @internal The guard of `agent`: the agent itself when it is one (an {@link Agent}), else one made on first use. */
export function guardOf(agent: object): Guard {
  if (typeof (agent as Partial<Guard>).enterCall === 'function') return agent as Guard;
  let guard = guards.get(agent);
  if (guard === undefined) guards.set(agent, (guard = new CallGuard()));
  return guard;
}
