import type { AgentPlanner, Plan, PlanOutcome, PlanStep, ReplaceDecision, SubPlanner, WorldState } from '@dualplan/world-state';
import type { CompiledGoal, GoalDef } from './compileDomain.js';
import { compileGoal } from './compileGoal.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { GoapMeta } from './GoapResult.js';

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
 * const agent = goapAgentPlanner(new GoapPlanner(soldierDomain()));
 * const outcome = agent.plan(state, ctx, null); // { status: 'found', plan, reason: 'goal killEnemy' }
 */
export function goapAgentPlanner<Ctx = any>(planner: GoapPlanner<Ctx>, options: GoapAgentOptions = {}): AgentPlanner<Ctx> {
  const goals: CompiledGoal[] = (options.goals ?? planner.domain.goals).map((g) =>
    typeof g === 'string' ? planner.goalOf(g) : 'words' in g ? (g as CompiledGoal) : compileGoal(planner.domain, g as GoalDef),
  );
  const owns = (step: PlanStep) => planner.domain.steps[step.sourceId]?.task === step.task;
  return {
    kind: options.kind ?? 'goap',
    plan(state: WorldState<any>, ctx: Ctx): PlanOutcome {
      const ranked: { goal: CompiledGoal; priority: number; order: number }[] = [];
      goals.forEach((goal, order) => {
        if (goal.valid && !goal.valid(state, ctx)) return;
        if (planner.satisfied(state, goal)) return;
        const priority = typeof goal.priority === 'function' ? goal.priority(state, ctx) : goal.priority;
        if (Number.isNaN(priority)) return;
        ranked.push({ goal, priority, order });
      });
      if (ranked.length === 0) return { status: 'none', plan: null, reason: 'no valid, unsatisfied goal' };
      ranked.sort((a, b) => b.priority - a.priority || a.order - b.order);
      const failed: string[] = [];
      let budget = false;
      for (const { goal, priority } of ranked) {
        const r = planner.plan(state, goal, ctx);
        if (r.status === 'found') {
          const skipped = failed.length ? ` (no plan for ${failed.join(', ')})` : '';
          return { status: 'found', plan: planner.toPlan(priority), reason: `goal ${goal.name}${skipped}` };
        }
        if (r.status === 'budget') budget = true;
        failed.push(r.status === 'budget' ? `${goal.name}: ${r.budget} budget` : goal.name);
      }
      return { status: budget ? 'budget' : 'none', plan: null, reason: `no plan for ${failed.join(', ')}` };
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

/**
 * A {@link SubPlanner} over one GOAP goal, for hybrid planning: an HTN task
 * delegates "reach this goal" to GOAP from its working state. With no `goal`,
 * `args[0]` names the domain goal to plan for.
 * @example
 * const getFire = goapSubPlanner(new GoapPlanner(fireDomain()), 'fire');
 * getFire(state, ctx, []).plan?.steps; // getAxe, chopWood, makeFire
 */
export function goapSubPlanner<Ctx = any>(planner: GoapPlanner<Ctx>, goal?: string | CompiledGoal | GoalDef): SubPlanner<Ctx> {
  const fixed = goal === undefined ? null : typeof goal === 'string' ? planner.goalOf(goal) : 'words' in goal ? (goal as CompiledGoal) : compileGoal(planner.domain, goal as GoalDef);
  return (state, ctx, args) => {
    const g = fixed ?? planner.goalOf(args[0] as string);
    const r = planner.plan(state, g, ctx);
    if (r.status === 'found') {
      const priority = typeof g.priority === 'function' ? g.priority(state, ctx) : g.priority;
      return { status: 'found', plan: planner.toPlan(priority), reason: `goal ${g.name}` };
    }
    return { status: r.status === 'budget' ? 'budget' : 'none', plan: null, reason: r.status === 'budget' ? `goal ${g.name}: ${r.budget} budget` : `no plan for goal ${g.name}` };
  };
}
