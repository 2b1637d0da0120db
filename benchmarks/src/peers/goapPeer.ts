import goap from 'goap';
import type { BoolProblem } from '../boolProblems.js';

/**
 * A bool problem written for the npm `goap` package: actions are closures over
 * a nested world object `{ [agentName]: { atom: bool } }`, goals are
 * `(prev, next, name) => boolean`. Its planner is a forward uniform-cost search
 * (the open list is ordered by g only) with a linear closed list compared by
 * deep equality, over deep-cloned states.
 * @returns a planning function giving action names in execution order.
 */
export function goapPeerPlanner(problem: BoolProblem): () => string[] | null {
  const { Agent, Action } = goap;
  class Soldier extends Agent {
    override getActionCost(action: InstanceType<typeof Action>): number {
      return action.cost;
    }
    override move(): void {}
    override isInRange(): boolean {
      return true;
    }
  }
  const world = { agent: { ...problem.start } };
  const agent = new Soldier(world, 'agent');
  for (const a of problem.actions) {
    const action = new Action({ name: a.name, cost: a.cost });
    for (const [key, value] of Object.entries(a.pre)) action.precondition((s, id) => s[id][key] === value);
    for (const [key, value] of Object.entries(a.eff)) action.effect((s, id) => (s[id][key] = value));
    agent.action(action);
  }
  for (const [key, value] of Object.entries(problem.goal)) agent.goal(`${key}=${value}`, (_prev, next, id) => next[id][key] === value);
  return () => {
    const plan = agent.plan();
    return plan ? plan.map((a) => a.name).reverse() : null;
  };
}
