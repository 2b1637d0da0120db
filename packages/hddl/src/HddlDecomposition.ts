/** One primitive step of an IPC plan: its id, action name and arguments. */
export interface HddlPrimitiveLine {
  readonly id: number;
  readonly name: string;
  readonly args: readonly string[];
  /** The plan-file line it was read from (0 when made by the planner). */
  readonly line?: number;
}

/** One method application of an IPC plan: the task (id, name, arguments), the method, and the ids of its subtasks. */
export interface HddlMethodLine {
  readonly id: number;
  readonly name: string;
  readonly args: readonly string[];
  readonly method: string;
  readonly subtasks: readonly number[];
  readonly line?: number;
}

/** A plan in the IPC hierarchical-track format: the primitive steps in order, the root tasks, and the method applications. */
export interface HddlDecomposition {
  readonly primitives: readonly HddlPrimitiveLine[];
  readonly root: readonly number[];
  readonly methods: readonly HddlMethodLine[];
  /** The line of `root` in a plan file (0 when made by the planner). */
  readonly rootLine?: number;
}
