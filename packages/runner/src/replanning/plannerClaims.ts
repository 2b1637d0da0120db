import type { AgentPlanner } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';

/** Who uses an exclusive planner now: the runner (asked whether it still does) and its name for messages. */
interface Claim {
  readonly user: { readonly planner: AgentPlanner<any> };
  /** The agent the runner belongs to: a branch runner shares its primary runner's planner (it plans nothing). */
  readonly agent: object;
  readonly who: string;
}

/** Exclusive planners by the runner that uses them (weakly held: a planner nobody references is forgotten). */
const claims = new WeakMap<AgentPlanner<any>, Claim>();

/**
 * Take `planner` for `user` when the planner says its answers live in buffers of its own
 * ({@link AgentPlanner.exclusive}): another runner still using it would have its adopted plan rewritten
 * under it by this one's next search. Throws `PLANNER_SHARED` naming both; a planner its previous runner
 * has switched away from (`setPlanner`) may be taken, and the runners of one agent share (its branch runners
 * run sections of their primary runner's plans and never plan).
 * @example
 * claimPlanner(planner, runner, agent, 'Agent "a2", runner "main"');
 */
export function claimPlanner(planner: AgentPlanner<any>, user: Claim['user'], agent: object, who: string): void {
  if (planner.exclusive !== true) return;
  const held = claims.get(planner);
  if (held !== undefined && held.agent !== agent && held.user.planner === planner) {
    throw new RunnerError(
      'PLANNER_SHARED',
      planner.kind,
      `${who} was given the ${planner.kind} planner that ${held.who} uses: it answers into buffers of its own, so one agent's next plan would overwrite the other's running plan. Give each agent its own (e.g. htnAgentPlanner(planner) or goapAgentPlanner(planner) per agent: the HtnPlanner or GoapPlanner inside may be shared), or share plans with cachedPlanner or a Squad.`,
    );
  }
  if (held === undefined || held.agent !== agent) claims.set(planner, { user, agent, who });
}
