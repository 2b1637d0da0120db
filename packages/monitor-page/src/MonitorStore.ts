import { RecordingMirror, type AgentRecording, type Recording, type RecordingMessage } from '@dualplan/monitor';

/** Limits of what the page keeps from a live stream (a long game must not fill the tab's memory). */
export interface StoreLimits {
  /** Planning runs kept per agent (oldest dropped first). Default 2000. */
  runs?: number;
  /** Timeline events kept per agent. Default 20000. */
  events?: number;
}

/**
 * The recording the page shows: a {@link RecordingMirror} (fed by a whole
 * file or by transport messages: a snapshot, then new agents and per-agent
 * updates) that tells listeners about every change.
 * @example
 * const store = new MonitorStore();
 * store.subscribe(() => render(store.agents()));
 * store.apply({ type: 'snapshot', recording });
 */
export class MonitorStore {
  private readonly mirror: RecordingMirror;
  private readonly listeners = new Set<() => void>();

  constructor(limits: StoreLimits = {}) {
    this.mirror = new RecordingMirror({ runsPerAgent: limits.runs ?? 2000, eventsPerAgent: limits.events ?? 20000 });
  }

  /** Agents in the order they first arrived. */
  agents(): readonly AgentRecording[] {
    return this.mirror.recording?.agents ?? [];
  }

  agent(id: string): AgentRecording | undefined {
    return this.agents().find((a) => a.id === id);
  }

  /** Replace everything with `recording`. */
  load(recording: Recording): void {
    this.apply({ type: 'snapshot', recording });
  }

  /** Apply one transport message (the mirror throws `MonitorError` for an update before any snapshot or for an unknown agent). */
  apply(message: RecordingMessage): void {
    this.mirror.apply(message);
    for (const l of this.listeners) l();
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The whole store as a recording (to save it to a file). */
  toRecording(): Recording | null {
    return this.mirror.recording;
  }
}
