import { DualplanError, showValue, nameOf, type PlanBuffer, type PlanStep } from '@dualplan/world-state';
import { TaskKind } from '../domain/HtnDomain.js';
import { collectSections } from '../domain/parallelTasks.js';
import { UndefinedTaskError } from '../errors.js';
import type { HtnPlanRequest } from '../HtnPlannerOptions.js';
import type { SlotBoard } from '../slots/SlotBoard.js';

/**
 * @internal What a search engine asks of the planner it runs for: the slot board (the domain and settings to
 * walk now), the root task of a request, the random generator's seed, and the parallel sections of a found
 * plan. The planner owns it; engines only call it.
 */
export class SearchHost<Ctx> {
  /**
   * With parallel tasks the search plans into this array, marker steps included, and the plan gets
   * the other steps: the plan's own array then keeps one length instead of shrinking and growing per plan.
   */
  private readonly marked: PlanStep[] = [];

  constructor(readonly board: SlotBoard<Ctx, any>) {}

  /** The array a search writes its steps into: the buffer's own, or the marked array when the domain has parallel tasks. */
  stepsFor(out: PlanBuffer): PlanStep[] {
    return this.board.parallel === null ? out.p.steps : this.marked;
  }

  /** The root task id of `request` (its `task`, or the planner's root); a pause or unknown task is an error. */
  rootId(request: HtnPlanRequest | undefined): number {
    const root = request?.task;
    const d = this.board.domain;
    const id = root === undefined ? this.board.root : typeof root === 'number' ? root : d.taskId(root);
    if (!(Number.isInteger(id) && id >= 0 && id < d.taskKind.length && d.taskKind[id] !== TaskKind.Pause))
      throw new UndefinedTaskError(nameOf(root ?? '(none)'), 'the plan request');
    return id;
  }

  /** Restart the generator behind `select: 'random'` compounds. */
  seed(seed: number): void {
    if (!Number.isInteger(seed)) throw new DualplanError('BAD_OPTION', 'seed', `A seed must be an integer, got ${showValue(seed)}.`);
    this.board.reseed(seed);
  }

  /**
   * Marker steps (the search's first `planLen` steps) become the plan's parallel sections, checked against
   * the key-conflict rule, and the other steps its steps; a plan without them must not show sections an
   * earlier plan left in this buffer. Returns the plan's length.
   */
  collect(out: PlanBuffer, planLen: number): number {
    const steps = out.p.steps;
    const parallel = this.board.parallel;
    if (parallel !== null) planLen = collectSections(this.marked, planLen, steps, out, parallel, this.board.domain.checkedAtPlanTime);
    else if (out.sectionsOf !== '') out.ownSections('');
    if (steps.length !== planLen) steps.length = planLen;
    return planLen;
  }
}
