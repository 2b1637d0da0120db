import type { Draft } from 'immer';
import type { WorldState } from '@dualplan/world-state';

/**
 * What operators and sensors see of their agent: the shared world state, the
 * current immutable context snapshot, the clock, and a way to produce the next
 * context. {@link Agent} implements it; tests may pass a plain object.
 */
export interface AgentView<Ctx = any> {
  readonly id: string;
  readonly state: WorldState<any>;
  /** The current context snapshot (frozen; replaced, never mutated). */
  readonly ctx: Ctx;
  /** Seconds since the agent started. */
  readonly time: number;
  /** Ticks completed so far. */
  readonly tickCount: number;
  /**
   * Produce the next context with immer: unchanged parts stay shared with the
   * previous snapshot, so old snapshots stay valid without a deep copy.
   */
  updateCtx(recipe: (draft: Draft<Ctx>) => void): void;
}
