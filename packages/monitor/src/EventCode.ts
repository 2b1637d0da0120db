import type { TimelineEventType } from './Recording.js';

/**
 * @internal Timeline event types as small numbers: the recorder, its timeline and its statistics
 * pass and keep an event's type as its code (an index), and name it only when read.
 */
export const EventCode = {
  planning: 0,
  replanSkipped: 1,
  stepStarted: 2,
  stepSucceeded: 3,
  stepFailed: 4,
  stepAborted: 5,
  planFinished: 6,
  planFailed: 7,
  stateChanged: 8,
} as const satisfies Record<TimelineEventType, number>;

/** @internal The code of one timeline event type. */
export type EventCode = (typeof EventCode)[TimelineEventType];

/** @internal Event types by code (the code is the index). */
export const EVENT_TYPES: readonly TimelineEventType[] = Object.keys(EventCode) as TimelineEventType[];
