import { ChangeSource, applyEffects, describeThrown, type PlanStep } from '@dualplan/world-state';
import type { AgentView } from '../contract/AgentView.js';
import type { StepFaults } from './StepFaults.js';

/**
 * Apply the effects of step `step` (at `index` in its plan) all or none, for a step whose effects may refuse (an
 * `error`-edge effect) or throw (an effect function): a refused effect or a throw leaves none applied, and a throw
 * is reported to `faults`. Returns why the effects failed, or null when they applied. The common case (effects that
 * can do neither) applies them directly instead. @internal
 */
export function applyAtomically<Ctx>(step: PlanStep, index: number, agent: AgentView<Ctx>, faults: StepFaults<Ctx>): string | null {
  const state = agent.state;
  const before = state.undoPoint();
  try {
    const refused = applyEffects(step.effects, state, agent.ctx, ChangeSource.Own);
    if (refused < 0) return null;
    state.rollback(before);
    return `effect ${step.effects.describe(refused)} would leave its range`;
  } catch (thrown) {
    const undone = state.rollback(before);
    faults.effectThrew(step, index, thrown, undone);
    return `an effect function threw: ${describeThrown(thrown)}`;
  } finally {
    state.undoDone();
  }
}
