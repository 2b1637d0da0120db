import { firstFailing, validatePlanSafely, type PlanCheck, type PlanStep, type WorldState } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { StepFaults } from './StepFaults.js';
import { validateLanes, validateRest, type Lane } from './validateRest.js';

/**
 * @internal One runner's checks of its plan against the agent's state: from a step on (a new plan, the next step),
 * the rest of the work after a change (one lane, or both branches of a parallel section and what follows), and the
 * running step's executing conditions. It owns the working copy and the check result they reuse (a check allocates
 * nothing), and remembers the state version and context at which a new plan was found valid from its first step, so
 * that starting that step on the same state need not check it again. A condition or effect function that throws is
 * reported through {@link StepFaults}.
 */
export class PlanChecks<Ctx> {
  private readonly scratch: WorldState<any>;
  private readonly check: PlanCheck = { step: -1, condition: -1, reason: '', error: undefined };
  /** The state version and context at which the plan was validated from its first step; -1 when not (or used). */
  private validAt = -1;
  private validIn: Ctx | undefined = undefined;

  constructor(
    private readonly agent: AgentView<Ctx>,
    private readonly faults: StepFaults<Ctx>,
  ) {
    this.scratch = agent.state.clone();
  }

  /** `steps` from `from` on: its conditions on the real state, then the rest on the working copy. */
  from(steps: readonly PlanStep[], from: number): PlanCheck {
    const agent = this.agent;
    const check = validatePlanSafely(steps, from, agent.state, this.scratch, agent.ctx, this.check);
    if (check.error !== undefined) this.faults.checkThrew(steps, check);
    return check;
  }

  /** The plan was just found valid from its first step on the agent's state and context as they are now. */
  markValid(): void {
    this.validAt = this.agent.state.version;
    this.validIn = this.agent.ctx;
  }

  /** Whether the plan was found valid from its first step on this very state and context (then forgotten: it holds once). */
  takeValid(): boolean {
    const valid = this.validAt === this.agent.state.version && this.validIn === this.agent.ctx;
    this.forget();
    return valid;
  }

  /** Forget a plan found valid. */
  forget(): void {
    this.validAt = -1;
    this.validIn = undefined;
  }

  /** Whether steps `at` on still hold (`running`: the step at `at` is under way): null, or why not. */
  rest(steps: readonly PlanStep[], at: number, running: boolean): string | null {
    const agent = this.agent;
    return this.reported(steps, validateRest(steps, at, running, agent.state, this.scratch, agent.ctx, this.check));
  }

  /** {@link rest} with a parallel section under way (see {@link validateLanes}). */
  lanes(steps: readonly PlanStep[], lane: Lane, other: Lane | null, resume: number): string | null {
    const agent = this.agent;
    return this.reported(steps, validateLanes(steps, lane, other, resume, agent.state, this.scratch, agent.ctx, this.check));
  }

  /** Index of the failing executing condition of `step` (step `index`), -1 when all hold, -2 when one threw (reported). */
  executingFails(step: PlanStep, index: number): number {
    try {
      return firstFailing(step.executing, this.agent.state, this.agent.ctx);
    } catch (thrown) {
      this.faults.executingThrew(step, index, thrown);
      return -2;
    }
  }

  private reported(steps: readonly PlanStep[], why: string | null): string | null {
    if (why !== null && this.check.error !== undefined) this.faults.checkThrew(steps, this.check);
    return why;
  }
}
