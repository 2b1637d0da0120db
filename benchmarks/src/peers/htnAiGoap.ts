import { Context, DomainBuilder, EffectType } from 'htn-ai';
import type { BoolProblem } from '../boolProblems.js';

/**
 * A bool problem as an htn-ai GOAP sequence: `goapSequence(name, goal)` with one
 * `goapAction` per action (conditions and plan-only effects as closures over
 * the context, atoms as 0/1 numbers because the goal is `Record<string, number>`).
 * htn-ai searches it forward by uniform cost, with a linear-scan open list and
 * JSON-serialised states as the visited set.
 * @returns a planning function giving action names in execution order.
 */
export function htnAiGoapPlanner(problem: BoolProblem): () => string[] | null {
  const goal: Record<string, number> = {};
  for (const [key, value] of Object.entries(problem.goal)) goal[key] = value ? 1 : 0;
  let b = new DomainBuilder<Context>(problem.name).goapSequence(problem.name, goal);
  for (const a of problem.actions) {
    b = b.goapAction(a.name, () => a.cost);
    for (const [key, value] of Object.entries(a.pre)) b = b.condition(key, (ctx) => ctx.getState(key) === (value ? 1 : 0));
    for (const [key, value] of Object.entries(a.eff))
      b = b.effect(key, EffectType.PlanOnly, (ctx, type) => ctx.setState(key, value ? 1 : 0, false, type ?? EffectType.PlanOnly));
    b = b.end();
  }
  const domain = b.end().build();
  const initial: Record<string, number> = {};
  for (const atom of problem.atoms) initial[atom] = problem.start[atom] ? 1 : 0;
  const ctx = new Context(initial);
  ctx.init();
  return () => {
    const result = domain.findPlan(ctx);
    return result.plan.length > 0 || result.status === 'succeeded' ? result.plan.map((t) => t.Name) : null;
  };
}
