export { RECORDING_VERSION } from './Recording.js';
export type {
  Recording,
  RecordingMessage,
  AgentRecording,
  AgentStatistics,
  UsageCounts,
  ConditionCounts,
  PlanTimes,
  KnownNames,
  PlanningRun,
  PlanningTrigger,
  PlanningOutcome,
  RecordedPlan,
  RecordedStep,
  GoalConsidered,
  NamedState,
  TimelineEvent,
  TimelineEventType,
  SearchTrace,
  TraceNode,
  TraceCandidate,
  TraceEvent,
  TraceVerdict,
} from './Recording.js';
export { MonitorError } from './MonitorError.js';
export { RingBuffer } from './RingBuffer.js';
export { Recorder } from './Recorder.js';
export { record } from './record.js';
export type { RecorderOptions, RecordingListener } from './RecorderOptions.js';
export { UsageStatistics } from './UsageStatistics.js';
export type { PlanCredit, CountedRun } from './CountedRun.js';
export { namedState, namedChanges, describeKeys } from './namedState.js';
export { recordPlan } from './recordPlan.js';
export { formatRun, formatTimelineEvent } from './formatRun.js';
export type { FormatRunOptions } from './formatRun.js';
export { formatStatistics } from './formatStatistics.js';
export { whyNot } from './whyNot.js';
export { explainName } from './explainName.js';
export type { Rejection } from './whyNot.js';
export { loadRecording } from './loadRecording.js';
export { RecordingMirror } from './RecordingMirror.js';
export type { MirrorOptions } from './RecordingMirror.js';
export { MONITOR_CHANNEL, windowEndpoint, servePostMessage, connectPostMessage, postDebugCommand } from './postMessageTransport.js';
export type { MonitorEnvelope, MessageEndpoint, WindowLike, MessageEventSource, ConnectOptions, ServeOptions } from './postMessageTransport.js';
export { connectWebSocket } from './connectWebSocket.js';
export type { WebSocketLike, WebSocketConstructor, WebSocketClientOptions, WebSocketConnection } from './connectWebSocket.js';
export { Breakpoints } from './Breakpoints.js';
export type { DebugHost, BreakpointsOptions } from './Breakpoints.js';
export { parseDebugCommand, MAX_BREAKPOINTS, MAX_NAME_LENGTH } from './debugCommands.js';
export type { Breakpoint, BreakpointOp, BreakpointHit, DebugCommand, DebugStatus } from './debugCommands.js';
export { formatSearchTrace } from '@dualplan/world-state';
export type { FormatTraceOptions } from '@dualplan/world-state';
