import type { SubtaskDef } from './HtnDomainDef.js';
import { showValue } from '@dualplan/world-state';
import { TaskDefinitionError, UndefinedTaskError } from '../errors.js';
import { parallelMarkOf } from './parallelTasks.js';

/** @internal What resolving a subtask reference needs, at compile time and while planning. */
export interface CallSink {
  /** A task's id, or -1 when it is not defined. */
  taskId(name: string): number;
  /** Per task: the call with its default arguments. */
  readonly defaultCall: Int32Array;
  readonly pauseCall: number;
  /** A new call of `task` with explicit arguments. */
  callWith(task: number, args: readonly unknown[]): number;
  /** Names `source` (whatever the caller passed along) in an error; only called when throwing. */
  where(source: number): string;
  /** Every task name, for a "did you mean" when a name is not defined. */
  readonly taskNames: readonly string[];
  /** The call of a parallel task's section marker (compile time only: planning never meets one). */
  markCall?(ref: SubtaskDef): number;
}

/**
 * The call id a subtask reference stands for: the pause call, the task's
 * default call, or a new call with the given arguments. Throws
 * {@link UndefinedTaskError} or `BAD_SUBTASK`/`BAD_ARGS` naming `where(source)`.
 * @example
 * for (let i = refs.length - 1; i >= 0; i--) push(subtaskCall(calls, refs[i], method));
 */
export function subtaskCall(sink: CallSink, ref: SubtaskDef, source: number): number {
  if (typeof ref === 'string') return sink.defaultCall[known(sink, ref, source)];
  if (ref !== null && typeof ref === 'object') {
    if ('pause' in ref && ref.pause === true) return sink.pauseCall;
    if (sink.markCall !== undefined && parallelMarkOf(ref) !== undefined) return sink.markCall(ref);
    const task = (ref as { task?: unknown }).task;
    if (typeof task === 'string') {
      const id = known(sink, task, source);
      const args = (ref as { args?: unknown }).args;
      if (args === undefined) return sink.defaultCall[id];
      if (!Array.isArray(args)) throw new TaskDefinitionError('BAD_ARGS', task, `Arguments of task "${task}" in ${sink.where(source)} must be an array.`);
      return sink.callWith(id, args);
    }
  }
  const where = sink.where(source);
  throw new TaskDefinitionError('BAD_SUBTASK', where, `Malformed subtask ${showValue(ref)} in ${where}.`);
}

function known(sink: CallSink, name: string, source: number): number {
  const id = sink.taskId(name);
  if (id < 0) throw new UndefinedTaskError(name, sink.where(source), sink.taskNames);
  return id;
}
