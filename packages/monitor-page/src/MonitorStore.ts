import type { AgentRecording, Recording, RecordingMessage } from '@dualplan/monitor';
import { MonitorPageError } from './MonitorPageError.js';

/** Limits of what the page keeps from a live stream (a long game must not fill the tab's memory). */
export interface StoreLimits {
  /** Planning runs kept per agent (oldest dropped first). Default 2000. */
  runs?: number;
  /** Timeline events kept per agent. Default 20000. */
  events?: number;
}

/**
 * The recording the page shows, fed by a whole file or by transport messages
 * (a snapshot, then new agents and per-agent updates). Listeners hear every change.
 * @example
 * const store = new MonitorStore();
 * store.subscribe(() => render(store.agents()));
 * store.apply({ type: 'snapshot', recording });
 */
export class MonitorStore {
  private readonly byId = new Map<string, AgentRecording>();
  private readonly listeners = new Set<() => void>();
  private readonly maxRuns: number;
  private readonly maxEvents: number;
  started = '';

  constructor(limits: StoreLimits = {}) {
    this.maxRuns = limits.runs ?? 2000;
    this.maxEvents = limits.events ?? 20000;
  }

  /** Agents in the order they first arrived. */
  agents(): AgentRecording[] {
    return [...this.byId.values()];
  }

  agent(id: string): AgentRecording | undefined {
    return this.byId.get(id);
  }

  /** Replace everything with `recording`. */
  load(recording: Recording): void {
    this.byId.clear();
    this.started = recording.started;
    for (const a of recording.agents) this.byId.set(a.id, a);
    this.changed();
  }

  /** Apply one transport message. An update for an agent never announced throws a {@link MonitorPageError}. */
  apply(message: RecordingMessage): void {
    if (message.type === 'snapshot') return this.load(message.recording);
    if (message.type === 'agent') {
      this.byId.set(message.agent.id, message.agent);
      return this.changed();
    }
    const old = this.byId.get(message.agent);
    if (!old) throw new MonitorPageError('UNKNOWN_AGENT', message.agent, `Update for agent "${message.agent}", which no snapshot or agent message announced.`);
    const runs = keepLast([...old.runs, ...message.runs], this.maxRuns);
    const timeline = keepLast([...old.timeline, ...message.timeline], this.maxEvents);
    const dropped = {
      runs: old.dropped.runs + old.runs.length + message.runs.length - runs.length,
      events: old.dropped.events + old.timeline.length + message.timeline.length - timeline.length,
    };
    this.byId.set(message.agent, { ...old, ...message.known, runs, timeline, dropped, stats: message.stats });
    this.changed();
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The whole store as a recording (to save it to a file). */
  toRecording(): Recording {
    return { format: 'dualplan-recording', version: 1, started: this.started, agents: this.agents() };
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}

function keepLast<T>(list: T[], max: number): T[] {
  return list.length > max ? list.slice(list.length - max) : list;
}
