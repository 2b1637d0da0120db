import type { Agent } from '@dualplan/runner';
import type { Body } from './Body.js';

/** The kinds of units on the map. */
export type UnitKind = 'troll' | 'soldier' | 'villager';

/** What every unit's agent context holds: its body (position and path). */
export interface UnitCtx {
  readonly body: Body;
  /** End time of the running timed action. */
  readonly busyUntil: number;
}

/**
 * One unit: its agent, body and kind, and how to take it out of the game (release what it holds).
 * Plain data the game builds; the renderer reads it.
 */
export interface Unit {
  readonly id: string;
  readonly kind: UnitKind;
  readonly agent: Agent<any>;
  readonly body: Body;
  /** The squad index of a soldier, else -1. */
  readonly squad: number;
  /** Releases its claims and forgets its requests (death). */
  readonly retire: () => void;
}
