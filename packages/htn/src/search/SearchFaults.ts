import { UserCodeError, type PlanResult, type SubPlanner, type WorldState } from '@dualplan/world-state';

/**
 * @internal User code that failed during one HTN search (a subtask or argument
 * function, an opaque condition or effect, a sub-planner), each source once per
 * search. The failing method, primitive or delegate counts as failed and the
 * search goes on; the log ends up in the result's `faults`.
 */
export class SearchFaults {
  readonly log: UserCodeError[] = [];

  /** Forget the last search's faults (no allocation when there were none). */
  reset(): void {
    if (this.log.length > 0) this.log.length = 0;
  }

  /** Record a failure of `subject` (a task or method name) unless this search already did. */
  add(code: string, where: string, subject: string, context: string, thrown: unknown): void {
    for (const f of this.log) if (f.where === where && f.subject === subject) return;
    this.log.push(new UserCodeError(code, subject, where, context, thrown));
  }

  /** Primitive task `name`'s parameterised definition threw for its arguments (the task fails there). */
  primitiveThrew(name: string, thrown: unknown): void {
    this.add('TASK_THREW', 'task', name, `Primitive task "${name}" could not be instantiated for its arguments (it fails here)`, thrown);
  }

  /** A condition or effect function of a step of task `task` threw (the step fails there). */
  stepThrew(task: string, thrown: unknown): void {
    this.add('CONDITION_THREW', 'condition', task, `A condition or effect function of task "${task}" threw (the task fails here)`, thrown);
  }

  /** A condition function of `method` (of compound `task`) threw (the method is skipped). */
  methodConditionThrew(method: string, task: string, thrown: unknown): void {
    this.add('CONDITION_THREW', 'condition', method, `A condition function of method "${method}" of task "${task}" threw (the method is skipped)`, thrown);
  }

  /** The subtask function of `method` (of compound `task`) threw or named tasks that do not exist (the method is skipped). */
  subtasksFailed(method: string, task: string, thrown: unknown): void {
    this.add('TASK_THREW', 'task', method, `The subtask function of method "${method}" of task "${task}" failed (the method is skipped)`, thrown);
  }

  /** A condition or the subtask function of `method` (of compound `task`) failed (the method is skipped). */
  methodThrew(method: string, task: string, thrown: unknown): void {
    this.add('TASK_THREW', 'task', method, `Method "${method}" of task "${task}": a condition or subtask function failed (the method is skipped)`, thrown);
  }

  /**
   * Ask a delegate task's sub-planner, contained: null when it threw (recorded
   * against the task); otherwise its result, whose own faults are taken over.
   */
  delegate<Ctx>(sub: SubPlanner<Ctx>, name: string, ws: WorldState<any>, ctx: Ctx, args: readonly unknown[]): PlanResult | null {
    let outcome: PlanResult;
    try {
      outcome = sub(ws, ctx, args);
    } catch (thrown) {
      this.add('TASK_THREW', 'task', name, `The sub-planner of delegate task "${name}" threw (the task fails here)`, thrown);
      return null;
    }
    this.merge(outcome.faults);
    return outcome;
  }

  /** Take over the faults a sub-planner reported for its part of the plan. */
  merge(faults: readonly UserCodeError[] | undefined): void {
    if (faults === undefined) return;
    for (const f of faults) if (!this.log.some((g) => g.where === f.where && g.subject === f.subject)) this.log.push(f);
  }
}
