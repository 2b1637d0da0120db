import type { Agent, RunnerEvent } from '@dualplan/runner';
import { describeThrown, didYouMean, UserCodeError, type WorldState } from '@dualplan/world-state';
import { parseDebugCommand, type Breakpoint, type BreakpointHit, type DebugStatus } from './debugCommands.js';
import { MonitorError } from './MonitorError.js';
import { named } from './namedState.js';

/** What the game supplies: stop ticking, tick again, and run exactly one tick while stopped. */
export interface DebugHost {
  /** Stop advancing the game (the tick under way finishes). */
  pause(): void;
  /** Advance the game again. */
  resume(): void;
  /** Advance the game by one tick now, while paused. */
  step(): void;
}

/** Options of {@link Breakpoints}. */
export interface BreakpointsOptions {
  /** Called with each failure of the host's or a listener's code (contained); default: logged to the console. */
  onFault?: (error: UserCodeError) => void;
}

/** The cell of `key` in `agent`'s state, or -1 when it has none. */
function cellOf(agent: Agent, key: string): number {
  try {
    return (agent.state as WorldState<any>).schema.cellOf(key);
  } catch {
    return -1;
  }
}

const REPLAN = new Set(['planFound', 'planReplaced', 'planRepaired', 'planAdjusted', 'planNotFound', 'replanSkipped']);
const FAULT = new Set(['stepFailed', 'stepAborted', 'planFailed', 'planNotFound']);

/**
 * Breakpoints over a game's agents: pause on an agent's replan, a named task or
 * action starting, a fault, or a condition on an agent's world state becoming
 * true. The game supplies pause, resume and one-tick step ({@link DebugHost});
 * monitor pages send commands ({@link handle}, checked by `parseDebugCommand`)
 * over the transports and receive {@link DebugStatus} messages. A breakpoint
 * fires during a tick: the game stops once that tick is over.
 * @example
 * const debug = new Breakpoints(agents, { pause: () => (paused = true), resume: () => (paused = false), step: () => tickAll() });
 * debug.handle({ type: 'setBreakpoints', breakpoints: [{ kind: 'task', name: 'DoSlam' }] });
 * debug.subscribe((status) => console.log(status.paused, status.hit?.detail));
 */
export class Breakpoints {
  private list: readonly Breakpoint[] = [];
  private paused = false;
  private hit: BreakpointHit | null = null;
  private stepped = 0;
  /** Per agent and state breakpoint: whether its condition held at the last check (a state breakpoint fires when it becomes true). */
  private readonly held = new Map<Agent, boolean[]>();
  /** Per agent and breakpoint: the cell a state breakpoint reads (-1 when the agent has no such key, or another kind). */
  private readonly cells = new Map<Agent, number[]>();
  private listeners: readonly ((status: DebugStatus) => void)[] = [];
  private readonly removers: (() => void)[] = [];
  /** Failures of the host's and listeners' code, contained. */
  faults = 0;

  constructor(
    private readonly agents: readonly Agent[],
    private readonly host: DebugHost,
    private readonly options: BreakpointsOptions = {},
  ) {
    if (!Array.isArray(agents) || agents.some((a) => !a || typeof a.addListener !== 'function'))
      throw new MonitorError('BAD_AGENT', 'Breakpoints', 'Breakpoints need an array of agents made by createAgent (from @dualplan/runner).');
    for (const m of ['pause', 'resume', 'step'] as const)
      if (typeof host?.[m] !== 'function') throw new MonitorError('BAD_OPTION', m, `Breakpoints need a host with a ${m}() function.`);
    for (const agent of agents) {
      this.removers.push(agent.addListener((e: RunnerEvent) => this.onEvent(agent, e)));
      this.removers.push(agent.sensors.addListener(() => this.checkState(agent)));
    }
  }

  /** The current status, as sent to pages. */
  status(): DebugStatus {
    return { type: 'debugStatus', paused: this.paused, hit: this.hit, breakpoints: this.list, stepped: this.stepped };
  }

  /**
   * Apply one command from a page (checked first: a bad one throws `BAD_COMMAND`
   * and changes nothing). Returns the status after it; listeners get it too.
   */
  handle(data: unknown): DebugStatus {
    const command = parseDebugCommand(data);
    switch (command.type) {
      case 'setBreakpoints':
        command.breakpoints.forEach((b, i) => this.check(b, i));
        this.list = command.breakpoints;
        for (const agent of this.agents) {
          this.cells.set(
            agent,
            this.list.map((b) => (b.kind === 'state' && (b.agent === undefined || b.agent === agent.id) ? cellOf(agent, b.key) : -1)),
          );
          this.held.set(
            agent,
            this.list.map((b, i) => b.kind === 'state' && this.holds(agent, i, b)),
          );
        }
        break;
      case 'pause':
        if (!this.paused) this.pause(null);
        break;
      case 'resume':
        this.paused = false;
        this.hit = null;
        this.stepped = 0;
        this.call('resume');
        break;
      case 'step':
        if (!this.paused) this.pause(null);
        this.stepped++;
        this.call('step');
        break;
    }
    const status = this.status();
    this.notify(status);
    return status;
  }

  /** Refuse a breakpoint naming an agent not watched, or a state key no watched agent has. */
  private check(b: Breakpoint, i: number): void {
    const ids = this.agents.map((a) => a.id);
    if (b.agent !== undefined && !ids.includes(b.agent))
      throw new MonitorError('BAD_COMMAND', b.agent, `breakpoint ${i}: no agent "${b.agent}"; agents: ${ids.join(', ')}.${didYouMean(b.agent, ids)}`);
    if (b.kind !== 'state') return;
    const agents = this.agents.filter((a) => b.agent === undefined || a.id === b.agent);
    if (agents.some((a) => cellOf(a, b.key) >= 0)) return;
    const keys = agents.flatMap((a) => (a.state as WorldState<any>).schema.keyList.map((k) => k.name));
    throw new MonitorError('BAD_COMMAND', b.key, `breakpoint ${i}: no agent's world state has the key "${b.key}".${didYouMean(b.key, keys)}`);
  }

  /** Call `listener` with each new status; returns the function that removes it. */
  subscribe(listener: (status: DebugStatus) => void): () => void {
    if (typeof listener !== 'function') throw new MonitorError('BAD_LISTENER', 'subscribe', 'subscribe() needs a function.');
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Stop watching the agents (the game is left as it is: resume it first if paused). */
  stop(): void {
    for (const remove of this.removers.splice(0)) remove();
    this.listeners = [];
  }

  private onEvent(agent: Agent, e: RunnerEvent): void {
    for (let i = 0; i < this.list.length; i++) {
      const b = this.list[i];
      if (b.agent !== undefined && b.agent !== agent.id) continue;
      if (b.kind === 'replan' && REPLAN.has(e.type)) this.fire(i, agent, `${e.runner}: ${e.type}`);
      else if (b.kind === 'task' && e.type === 'stepStarted' && e.step.task === b.name) this.fire(i, agent, `${e.runner}: ${b.name} started`);
      else if (b.kind === 'fault' && FAULT.has(e.type)) this.fire(i, agent, `${e.runner}: ${e.type}${'reason' in e && e.reason ? `: ${e.reason}` : ''}`);
    }
    this.checkState(agent);
  }

  private checkState(agent: Agent): void {
    const held = this.held.get(agent);
    if (held === undefined) return;
    for (let i = 0; i < this.list.length; i++) {
      const b = this.list[i];
      if (b.kind !== 'state') continue;
      const now = this.holds(agent, i, b);
      if (now && !held[i]) this.fire(i, agent, `${b.key} ${b.op} ${String(b.value)}`);
      held[i] = now;
    }
  }

  /** Whether `agent`'s state meets the state breakpoint `b` (number `i`; false when it does not apply to the agent). */
  private holds(agent: Agent, i: number, b: Extract<Breakpoint, { kind: 'state' }>): boolean {
    const cell = this.cells.get(agent)?.[i] ?? -1;
    if (cell < 0) return false;
    const state: WorldState<any> = agent.state;
    const value = named(state.schema, cell, state.values[cell]);
    if (b.op === '==') return value === b.value;
    if (b.op === '!=') return value !== b.value;
    if (typeof value !== 'number' || typeof b.value !== 'number') return false;
    return b.op === '<' ? value < b.value : b.op === '<=' ? value <= b.value : b.op === '>' ? value > b.value : value >= b.value;
  }

  private fire(breakpoint: number, agent: Agent, detail: string): void {
    const hit = { breakpoint, agent: agent.id, tick: agent.tickCount, detail };
    if (this.paused) this.hit = hit;
    else this.pause(hit);
    this.notify(this.status());
  }

  private pause(hit: BreakpointHit | null): void {
    this.paused = true;
    this.hit = hit;
    this.stepped = 0;
    this.call('pause');
  }

  private call(method: 'pause' | 'resume' | 'step'): void {
    try {
      this.host[method]();
    } catch (thrown) {
      this.report(new UserCodeError('HOST_THREW', method, 'host', `The debug host's ${method}() threw`, thrown));
    }
  }

  private notify(status: DebugStatus): void {
    for (const l of this.listeners) {
      try {
        l(status);
      } catch (thrown) {
        this.report(new UserCodeError('LISTENER_THREW', 'debugStatus', 'listener', 'A breakpoints listener threw', thrown));
      }
    }
  }

  private report(error: UserCodeError): void {
    this.faults++;
    if (this.options.onFault === undefined) return void console.error(`${error.message}: ${describeThrown(error.cause)}`);
    try {
      this.options.onFault(error);
    } catch {
      // The fault handler's own failure: nowhere left to report it.
    }
  }
}
