import type { AgentRecording, Recording, RecordingMessage } from './Recording.js';
import { nameOf } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Options of {@link RecordingMirror}. */
export interface MirrorOptions {
  /** Runs kept per agent (default 100). */
  runsPerAgent?: number;
  /** Timeline events kept per agent (default 1000). */
  eventsPerAgent?: number;
}

/**
 * The receiving end of any transport: applies recording messages (a snapshot,
 * then updates) to a local {@link Recording}, keeping at most the configured
 * runs and events per agent. The page reads `recording`.
 * @example
 * const mirror = new RecordingMirror();
 * recorder.subscribe((m) => mirror.apply(m)); // or a postMessage / WebSocket connection
 * mirror.recording?.agents.length;
 */
export class RecordingMirror {
  /** The recording as received so far; null before the first snapshot. */
  recording: Recording | null = null;
  private readonly runsPerAgent: number;
  private readonly eventsPerAgent: number;

  constructor(options: MirrorOptions = {}) {
    this.runsPerAgent = options.runsPerAgent ?? 100;
    this.eventsPerAgent = options.eventsPerAgent ?? 1000;
    if (!(this.runsPerAgent >= 1) || !(this.eventsPerAgent >= 1))
      throw new MonitorError('BAD_OPTION', 'runsPerAgent', 'RecordingMirror retention options must be >= 1.');
  }

  /** Apply one message; returns the id of the agent it changed ('' for a snapshot). */
  apply(message: RecordingMessage): string {
    if (message.type === 'snapshot') {
      this.recording = { ...message.recording, agents: message.recording.agents.map((a) => ({ ...a })) };
      return '';
    }
    const rec = this.recording;
    if (rec === null) throw new MonitorError('NO_SNAPSHOT', nameOf(message.type), `Received a "${nameOf(message.type)}" message before any snapshot.`);
    const agents = rec.agents as AgentRecording[];
    if (message.type === 'agent') {
      const i = agents.findIndex((a) => a.id === message.agent.id);
      if (i >= 0) agents[i] = message.agent;
      else agents.push(message.agent);
      return message.agent.id;
    }
    const i = agents.findIndex((a) => a.id === message.agent);
    if (i < 0) throw new MonitorError('UNKNOWN_AGENT', nameOf(message.agent), `Update for unknown agent "${nameOf(message.agent)}".`);
    const a = agents[i] as Mutable<AgentRecording>;
    const runs = a.runs.concat(message.runs);
    const timeline = a.timeline.concat(message.timeline);
    const cutRuns = Math.max(0, runs.length - this.runsPerAgent);
    const cutEvents = Math.max(0, timeline.length - this.eventsPerAgent);
    agents[i] = {
      ...a,
      runs: runs.slice(cutRuns),
      timeline: timeline.slice(cutEvents),
      dropped: { runs: a.dropped.runs + cutRuns, events: a.dropped.events + cutEvents },
      stats: message.stats,
      ...message.known,
      ...(message.catalog ? { catalog: message.catalog } : {}),
    };
    return message.agent;
  }
}
