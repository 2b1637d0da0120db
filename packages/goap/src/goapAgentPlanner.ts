import { noPlan, planFound, type AgentPlanner, type Plan, type PlanResult, type PlanStep, type ReplaceDecision, type WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoalDef } from './compileGoapDomain.js';
import { compileGoal } from './compileGoal.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { GoapMeta, GoapResult } from './GoapResult.js';

export interface GoapAgentOptions {
  /** Goals to choose from (names, compiled goals or goal definitions); default: every goal of the domain. */
  readonly goals?: readonly (string | CompiledGoal | GoalDef)[];
  /** Name reported as `kind` (default `'goap'`). */
  readonly kind?: string;
}

/**
 * The runner's adapter for a {@link GoapPlanner} (the ReGoap flow of seed 001):
 * `plan()` picks the highest-priority goal that is valid, not yet satisfied and
 * plannable, falling back through the rest in priority order; `shouldReplace()`
 * switches only to a goal of strictly higher priority; step failures raise the
 * action's cost multiplier, and `update(dt)` decays it.
 * @example
 * const agent = goapAgentPlanner(new GoapPlanner(soldierGoapDomain()));
 * const outcome = agent.plan(state, ctx, null); // { status: 'found', plan, reason: 'goal killEnemy' }
 */
export function goapAgentPlanner<Ctx = any>(planner: GoapPlanner<Ctx>, options: GoapAgentOptions = {}): AgentPlanner<Ctx> {
  const goals = (options.goals ?? planner.domain.goals).map((g) => resolveGoal(planner, g));
  const owns = (step: PlanStep) => planner.domain.steps[step.sourceId]?.task === step.task;
  return {
    kind: options.kind ?? 'goap',
    operators: [...new Set(planner.domain.steps.map((s) => s.operator))],
    plan(state: WorldState<any>, ctx: Ctx): PlanResult {
      const ranked: { goal: CompiledGoal; priority: number; order: number }[] = [];
      goals.forEach((goal, order) => {
        const priority = wanted(planner, goal, state, ctx);
        if (!Number.isNaN(priority)) ranked.push({ goal, priority, order });
      });
      if (ranked.length === 0) return noPlan('no valid, unsatisfied goal');
      ranked.sort((a, b) => b.priority - a.priority || a.order - b.order);
      const failed: string[] = [];
      let budget: 'expansions' | 'length' | 'time' | 'nodes' | null = null;
      for (const { goal, priority } of ranked) {
        const r = planner.plan(state, goal, ctx);
        if (r.status === 'found') {
          const skipped = failed.length ? ` (no plan for ${failed.join(', ')})` : '';
          return planFound(planner.toPlan(priority), `goal ${goal.name}${skipped}`);
        }
        if (r.status === 'budget' && r.budget !== '') budget = r.budget;
        failed.push(failure(goal, r));
      }
      return noPlan(`no plan for ${failed.join(', ')}`, budget);
    },
    shouldReplace(candidate: Plan, running: Plan): ReplaceDecision {
      const c = candidate.meta as GoapMeta | undefined;
      const r = running.meta as GoapMeta | undefined;
      if (!c || typeof c.priority !== 'number') return { replace: false, reason: 'candidate is not a GOAP plan' };
      if (!r || typeof r.priority !== 'number') return { replace: true, reason: `goal ${c.goal} replaces a non-GOAP plan` };
      return c.priority > r.priority
        ? { replace: true, reason: `goal ${c.goal} (priority ${c.priority}) outranks ${r.goal} (priority ${r.priority})` }
        : { replace: false, reason: `goal ${c.goal} (priority ${c.priority}) does not outrank ${r.goal} (priority ${r.priority})` };
    },
    stepFailed(step: PlanStep): void {
      if (owns(step)) planner.penalize(step.sourceId);
    },
    stepSucceeded(step: PlanStep): void {
      if (owns(step)) planner.succeeded(step.sourceId);
    },
    update(dt: number): void {
      planner.decay(dt);
    },
  };
}

/** A goal given by name, compiled goal or definition, as a compiled goal of the planner's domain. */
function resolveGoal(planner: GoapPlanner, goal: string | CompiledGoal | GoalDef): CompiledGoal {
  return typeof goal === 'string' ? planner.goalOf(goal) : 'words' in goal ? planner.goalOf(goal as CompiledGoal) : compileGoal(planner.domain, goal as GoalDef);
}

/** The goal's priority in this state, or NaN when it is not wanted: invalid, already satisfied, or its priority is NaN. */
function wanted<Ctx>(planner: GoapPlanner<Ctx>, goal: CompiledGoal, state: WorldState<any>, ctx: Ctx): number {
  if ((goal.valid && !goal.valid(state, ctx)) || planner.satisfied(state, goal)) return NaN;
  return typeof goal.priority === 'function' ? goal.priority(state, ctx) : goal.priority;
}

/** A failed goal for a reason: its name, with the budget that stopped it if any. */
function failure(goal: CompiledGoal, r: GoapResult): string {
  return r.status === 'budget' ? `${goal.name}: ${r.budget} budget` : goal.name;
}
