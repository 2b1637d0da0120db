import type { GroundMethod } from './groundHierarchy.js';

/** One HTN method of the compiled domain: the ground method and the order its subtasks run in. */
export interface CompiledMethod {
  readonly ground: GroundMethod;
  /** Subtask indices of the lifted method, in run order. */
  readonly order: readonly number[];
}
