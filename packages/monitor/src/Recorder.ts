import type { Agent, OutcomeEventSink, OutcomeEventType, ReplanTrigger, RunnerEvent, StepEventSink } from '@dualplan/runner';
import { nameOf, type Plan } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import { describeKeys } from './namedState.js';
import { RECORDING_VERSION, type AgentRecording, type Recording, type RecordingMessage } from './Recording.js';
import { EventCode } from './EventCode.js';
import { RunSlab } from './RunSlab.js';
import { Timeline } from './Timeline.js';
import { Subscribers } from './Subscribers.js';
import { UsageStatistics } from './UsageStatistics.js';
import type { PlanCredit } from './CountedRun.js';
import type { AgentEntry, RunnerEntry } from './AgentEntry.js';
import { PlannerTaps } from './PlannerTaps.js';
import { recorderLimit, type RecorderOptions, type RecordingListener } from './RecorderOptions.js';

/**
 * Records what agents' planners and runners do: every planning run (trigger,
 * world state by name, result, plan with predicted states, the full search,
 * GOAP goal selection), the run-time timeline, and usage statistics, in bounded
 * buffers. Create one with {@link record}. While nothing is recorded the
 * planners and runners run exactly as without a monitor.
 * @example
 * const recorder = record([troll, soldier], { runsPerAgent: 50 });
 * // ... tick the agents ...
 * console.log(formatRun(recorder.agent('troll').runs.at(-1)!));
 * fs.writeFileSync('match.json', JSON.stringify(recorder.recording()));
 */
export class Recorder {
  readonly started = new Date().toISOString();
  private readonly runsPerAgent: number;
  private readonly eventsPerAgent: number;
  private readonly maxSearchItems: number;
  private readonly planSamples: number;
  private readonly flushMs: number;
  private readonly entries = new Map<string, AgentEntry>();
  /** Subscribers, each contained on its own. */
  private readonly subscribers: Subscribers;
  /** The planners the recorded runners use, and what the current planner call reported. */
  private readonly taps: PlannerTaps;
  /** Per sensor name, the `by` of the state changes it made (`sensor <name>`). */
  private readonly sensorTexts = new Map<string, string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(options: RecorderOptions = {}) {
    this.runsPerAgent = recorderLimit(options.runsPerAgent, 100, 'runsPerAgent');
    this.eventsPerAgent = recorderLimit(options.eventsPerAgent, 1000, 'eventsPerAgent');
    this.maxSearchItems = recorderLimit(options.maxSearchItems, 2000, 'maxSearchItems');
    this.planSamples = recorderLimit(options.planSamples, 1024, 'planSamples');
    this.flushMs = recorderLimit(options.flushMs, 100, 'flushMs', 0);
    this.taps = new PlannerTaps(options.searches !== false);
    this.subscribers = new Subscribers(options.onFault);
  }

  /** Subscriber failures contained so far (each one given to `onFault`). */
  get faults(): number {
    return this.subscribers.faults;
  }

  /** Ids of the recorded agents, in the order added. */
  get agentIds(): string[] {
    return [...this.entries.keys()];
  }

  /** Start recording `agent` (its id must be new to this recorder). */
  add(agent: Agent): void {
    if (this.stopped) throw new MonitorError('STOPPED', nameOf(agent?.id ?? ''), 'This recorder was stopped; create a new one.');
    if (!agent || typeof agent.addListener !== 'function' || !Array.isArray(agent.runners))
      throw new MonitorError('BAD_AGENT', nameOf(agent?.id ?? ''), 'record() needs agents made by createAgent (from @dualplan/runner).');
    if (this.entries.has(agent.id)) throw new MonitorError('DUPLICATE_AGENT', agent.id, `Agent "${agent.id}" is already recorded.`);
    const entry: AgentEntry = {
      agent,
      runners: agent.runners.map((runner) => ({
        runner,
        planner: null,
        planCalls: runner.stats.planCalls,
        planned: false,
        current: -1,
        credit: undefined,
      })),
      runs: new RunSlab(this.runsPerAgent, agent.state, this.maxSearchItems),
      timeline: new Timeline(this.eventsPerAgent, agent.state.schema),
      stats: new UsageStatistics(this.planSamples),
      values: Int32Array.from(agent.state.values),
      catalog: {},
      catalogChanged: false,
      version: agent.state.version,
      nextRun: 1,
      remove: () => {},
    };
    this.entries.set(agent.id, entry);
    for (const r of entry.runners) this.taps.observe(entry, r);
    const removers = entry.runners.map((r) => {
      // Step and outcome events come to `steps` and `outcomes` as numbers and references while the recorder is the runner's only listener.
      const steps: StepEventSink = (type, step, index, reason, tick, time, runner) => this.onStep(entry, r, type, step.task, index, reason, tick, time, runner);
      const outcomes: OutcomeEventSink = (type, plan, _previous, trigger, reason, detail, _index, _continued, tick, time, runner) =>
        this.onOutcome(entry, r, type, plan, trigger, reason, detail, tick, time, runner);
      return r.runner.addListener(Object.assign((e: RunnerEvent) => this.onEvent(entry, r, e), { steps, outcomes }));
    });
    removers.push(agent.sensors.addListener((sensor) => this.onSensor(entry, sensor)));
    entry.remove = () => removers.forEach((remove) => remove());
    if (this.subscribers.length > 0) this.send({ type: 'agent', agent: this.agentRecording(entry) });
  }

  /** Stop recording one agent; what was recorded stays in the recording. */
  remove(id: string): void {
    const entry = this.entry(id);
    entry.remove();
    for (const r of entry.runners) this.taps.unobserve(r);
  }

  /** Stop recording every agent and end subscriptions' timer; the recording stays readable. */
  stop(): void {
    if (this.stopped) return;
    this.flush();
    for (const id of this.entries.keys()) this.remove(id);
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One agent's recording (plain data, a copy). Throws `UNKNOWN_AGENT` with the known ids. */
  agent(id: string): AgentRecording {
    return this.agentRecording(this.entry(id));
  }

  /** The whole recording: plain JSON-serialisable data (a copy). */
  recording(): Recording {
    return {
      format: 'dualplan-recording',
      version: RECORDING_VERSION,
      started: this.started,
      agents: [...this.entries.values()].map((e) => this.agentRecording(e)),
    };
  }

  /** Same as {@link recording}, so `JSON.stringify(recorder)` writes a recording file. */
  toJSON(): Recording {
    return this.recording();
  }

  /**
   * Receive the recording as messages: a `snapshot` at once (late subscribers
   * miss nothing that retention kept), then per-agent `update`s every `flushMs`
   * (or on {@link flush}), and `agent` when an agent is added. Returns the unsubscribe function.
   */
  subscribe(listener: RecordingListener): () => void {
    if (typeof listener !== 'function') throw new MonitorError('BAD_LISTENER', 'subscribe', 'subscribe() needs a function.');
    this.flush();
    const remove = this.subscribers.add(listener);
    this.subscribers.deliver(listener, { type: 'snapshot', recording: this.recording() });
    return remove;
  }

  /** Send the runs and events recorded since the last flush to subscribers now. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const e of this.entries.values()) {
      if (e.runs.unsent === 0 && e.timeline.unsent === 0 && !e.catalogChanged) continue;
      const message: RecordingMessage = {
        type: 'update',
        agent: e.agent.id,
        runs: e.runs.toArray(true),
        timeline: e.timeline.toArray(true),
        stats: e.stats.snapshot(e.agent.time),
        known: e.stats.knownNames(),
        ...(e.catalogChanged ? { catalog: { ...e.catalog } } : {}),
      };
      e.catalogChanged = false;
      e.runs.markSent();
      e.timeline.markSent();
      if (this.subscribers.length > 0) this.send(message);
    }
  }

  private send(message: RecordingMessage): void {
    this.subscribers.send(message);
  }

  private entry(id: string): AgentEntry {
    const e = this.entries.get(id);
    if (!e) throw new MonitorError('UNKNOWN_AGENT', nameOf(id), `No recorded agent "${nameOf(id)}"; recorded: ${this.agentIds.join(', ') || '(none)'}.`);
    return e;
  }

  private agentRecording(e: AgentEntry): AgentRecording {
    const known = e.stats.knownNames();
    return {
      id: e.agent.id,
      runners: Object.fromEntries(e.runners.map((r) => [r.runner.name, r.runner.planner.kind])),
      keys: describeKeys(e.agent.state.schema),
      ...known,
      catalog: { ...e.catalog },
      runs: e.runs.toArray(),
      timeline: e.timeline.toArray(),
      dropped: { runs: e.runs.dropped, events: e.timeline.dropped },
      stats: e.stats.snapshot(e.agent.time),
    };
  }

  /** Record the cells changed since the agent's last recorded change, attributed to `by`. */
  private noteChanges(entry: AgentEntry, by: string, runner: string): void {
    const agent = entry.agent;
    const state = agent.state;
    if (state.version === entry.version) return;
    entry.version = state.version;
    const before = entry.values;
    const after = state.values;
    let slot = -1;
    for (let c = 0; c < before.length; c++) {
      if (before[c] === after[c]) continue;
      if (slot < 0) slot = this.push(entry, EventCode.stateChanged, agent.tickCount, agent.time, runner, by, -1, -1, '');
      entry.timeline.addChange(slot, c, after[c]);
      before[c] = after[c];
    }
  }

  private onSensor(entry: AgentEntry, sensor: string): void {
    if (entry.agent.state.version === entry.version) return;
    // Each sensor's `by` text made once (worded on every change, it was new garbage each time).
    let by = this.sensorTexts.get(sensor);
    if (by === undefined) this.sensorTexts.set(sensor, (by = `sensor ${sensor}`));
    this.noteChanges(entry, by, '');
  }

  /** A runner event as an object (the runner has other listeners too, or the event has no sink): recorded as the sinks record it. */
  private onEvent(entry: AgentEntry, r: RunnerEntry, e: RunnerEvent): void {
    switch (e.type) {
      case 'stepStarted':
      case 'stepSucceeded':
        return this.onStep(entry, r, e.type, e.step.task, e.index, '', e.tick, e.time, e.runner);
      case 'stepFailed':
      case 'stepAborted':
        return this.onStep(entry, r, e.type, e.step.task, e.index, e.reason, e.tick, e.time, e.runner);
      case 'planFound':
      case 'planReplaced':
        return this.onOutcome(entry, r, e.type, e.plan, e.trigger, e.reason, '', e.tick, e.time, e.runner);
      case 'planRepaired':
      case 'planAdjusted':
        return this.onOutcome(entry, r, e.type, e.plan, '', e.reason, e.from, e.tick, e.time, e.runner);
      case 'planNotFound':
        return this.onOutcome(entry, r, e.type, null, e.trigger, e.reason, e.status, e.tick, e.time, e.runner);
      case 'replanSkipped':
        return this.onOutcome(entry, r, e.type, null, e.trigger, e.reason, '', e.tick, e.time, e.runner);
      case 'planFinished':
        return this.onOutcome(entry, r, e.type, e.plan, '', '', '', e.tick, e.time, e.runner);
      case 'planFailed':
        return this.onOutcome(entry, r, e.type, e.plan, '', e.reason, '', e.tick, e.time, e.runner);
      default:
        this.beforeEvent(entry, r, 'outside', e.runner);
        if (r.runner.planner !== r.planner) this.taps.observe(entry, r);
    }
  }

  /** An outcome event as the runner's outcome sink hands it: a planner call's files its run, a plan's end is counted. */
  private onOutcome(
    entry: AgentEntry,
    r: RunnerEntry,
    type: OutcomeEventType,
    plan: Plan | null,
    trigger: ReplanTrigger | '',
    reason: string,
    detail: string,
    tick: number,
    time: number,
    runner: string,
  ): void {
    this.beforeEvent(entry, r, 'outside', runner);
    if (r.planned && type !== 'planFinished' && type !== 'planFailed') {
      r.planned = false;
      const run = this.addRun(entry, r, type, plan, trigger, reason, detail, tick, time);
      this.push(entry, EventCode.planning, tick, time, runner, '', run, -1, '');
    } else if (type === 'replanSkipped') this.push(entry, EventCode.replanSkipped, tick, time, runner, trigger, -1, -1, reason);
    else if (type === 'planFinished') this.push(entry, EventCode.planFinished, tick, time, runner, '', r.current, -1, '', r.credit);
    else if (type === 'planFailed') this.push(entry, EventCode.planFailed, tick, time, runner, '', r.current, -1, reason, r.credit);
    if (r.runner.planner !== r.planner) this.taps.observe(entry, r);
  }

  /** What comes before any runner event is recorded: the state's changes since the last, and whether a planner call is pending. */
  private beforeEvent(entry: AgentEntry, r: RunnerEntry, by: string, runnerName: string): void {
    const runner = r.runner;
    this.noteChanges(entry, by, runnerName);
    if (runner.stats.planCalls !== r.planCalls) {
      r.planCalls = runner.stats.planCalls;
      r.planned = true;
    } else if (!r.planned) this.taps.dropStray();
  }

  /** A step event as the runner's step sink hands it (or {@link onEvent}, from an event object). */
  private onStep(
    entry: AgentEntry,
    r: RunnerEntry,
    type: 'stepStarted' | 'stepSucceeded' | 'stepFailed' | 'stepAborted',
    task: string,
    index: number,
    reason: string,
    tick: number,
    time: number,
    runner: string,
  ): void {
    this.beforeEvent(entry, r, type === 'stepSucceeded' ? task : 'outside', runner);
    this.push(entry, EventCode[type], tick, time, runner, task, r.current, index, reason);
    if (r.runner.planner !== r.planner) this.taps.observe(entry, r);
  }

  /** File the run the outcome event `type` ended (with its fields as {@link onOutcome} has them), count it, and return its id. */
  private addRun(
    entry: AgentEntry,
    r: RunnerEntry,
    type: OutcomeEventType,
    plan: Plan | null,
    trigger: ReplanTrigger | '',
    reason: string,
    detail: string,
    tick: number,
    time: number,
  ): number {
    // The run copies its searches; the list is reused by the next planner call.
    const pending = this.taps.pending;
    // A large search is named now (and cut once counted): what a run keeps stays bounded by maxSearchItems.
    for (let i = 0; i < pending.length; i++) {
      const p = pending.at(i);
      if (pending.readerAt(i) !== null && 'count' in p && p.items > this.maxSearchItems) pending.name(i);
    }
    const goals = this.taps.takeGoals();
    const times = r.runner.stats.planTimes;
    const planMs = times.length === 0 ? 0 : times[(r.planCalls - 1) % times.length];
    const id = entry.nextRun++;
    const runs = entry.runs;
    const agent = entry.agent;
    const slot = runs.file(
      id,
      r.runner.name,
      r.runner.planner.kind,
      type,
      plan,
      trigger,
      reason,
      detail,
      tick,
      time,
      agent.state,
      agent.ctx,
      pending,
      goals,
      planMs,
    );
    pending.clear();
    const credit = entry.stats.addCaptured(runs, slot);
    runs.settle(slot);
    const outcome = runs.outcome(slot);
    if (outcome === 'adopted' || outcome === 'replaced') {
      r.current = id;
      r.credit = credit;
      entry.stats.adopted(credit);
    }
    if (this.subscribers.length > 0) this.schedule();
    // Runs filed while nobody listens are not sent in a later update.
    else runs.markSent();
    return id;
  }

  /** Count and record one timeline event (see {@link Timeline.push}); returns its slot. */
  private push(
    entry: AgentEntry,
    code: EventCode,
    tick: number,
    time: number,
    runner: string,
    text: string,
    run: number,
    index: number,
    reason: string,
    credit?: PlanCredit,
  ): number {
    entry.stats.countEvent(code, text, credit);
    const slot = entry.timeline.pushCode(code, tick, time, runner, text, run, index, reason);
    if (this.subscribers.length > 0) this.schedule();
    // Events recorded while nobody listens are not sent in a later update.
    else entry.timeline.markSent();
    return slot;
  }

  private schedule(): void {
    if (this.timer !== null || this.flushMs === 0) return;
    this.timer = setTimeout(() => this.flush(), this.flushMs);
    // Never keep a Node process alive just to deliver monitor updates.
    (this.timer as { unref?: () => void }).unref?.();
  }
}
