import type { HtnDomain } from '../domain/HtnDomain.js';
import { grow } from '../domain/grow.js';
import type { CallSink } from '../domain/subtaskCall.js';

/**
 * @internal Calls made while planning (subtask functions, arguments, task
 * lists, continuations), with ids from `domain.staticCalls` up, next to the
 * domain's static calls. A search undoes calls by {@link rewind}ing to an earlier {@link len}.
 * Resolves subtask references for {@link subtaskCall}, where `source` is the
 * method whose subtask function returned them (-1: the request's task list).
 */
export class DynamicCalls implements CallSink {
  readonly defaultCall: Int32Array;
  readonly pauseCall: number;
  private count = 0;
  private readonly domain: HtnDomain;
  private readonly S: number;
  private task = new Int32Array(16);
  private readonly args: (readonly unknown[])[] = [];

  constructor(domain: HtnDomain) {
    this.domain = domain;
    this.S = domain.staticCalls;
    this.defaultCall = domain.defaultCall;
    this.pauseCall = domain.pauseCall;
  }

  /** How many calls were made since the search started. */
  get len(): number {
    return this.count;
  }

  /** Forget the calls made after the first `len` (backtracking; 0 when a search starts). */
  rewind(len: number): void {
    this.count = len;
  }

  get taskNames(): readonly string[] {
    return this.domain.taskNames;
  }

  taskId(name: string): number {
    return this.domain.taskId(name);
  }

  callWith(task: number, args: readonly unknown[]): number {
    const i = this.count++;
    if (i >= this.task.length) this.task = grow(this.task, i + 1);
    this.task[i] = task;
    this.args[i] = args;
    return this.S + i;
  }

  taskOf(call: number): number {
    return call < this.S ? this.domain.callTask[call] : this.task[call - this.S];
  }

  argsOf(call: number): readonly unknown[] {
    return call < this.S ? this.domain.callArgs[call] : this.args[call - this.S];
  }

  where(method: number): string {
    if (method < 0) return 'the planned task list';
    const d = this.domain;
    let task = 0;
    while (!(method >= d.methodStart[task] && method < d.methodEnd[task])) task++;
    return `the subtasks of method ${d.methodNames[method]} of task ${d.taskNames[task]}`;
  }
}
