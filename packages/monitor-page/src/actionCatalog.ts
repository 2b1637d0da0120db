import type { AgentRecording } from '@dualplan/monitor';

/** What the recording tells about one action or primitive task. */
export interface ActionInfo {
  readonly name: string;
  readonly operator: string;
  readonly conditions: readonly string[];
  readonly effects: readonly string[];
  /** Every distinct cost it had in a plan (costs can depend on the state). */
  readonly costs: readonly number[];
}

/**
 * Conditions, effects and costs of every action that appears in a recorded
 * plan of `agent`, by name. Actions never planned have no entry: the
 * recording holds definitions only through the plans that used them.
 * @example
 * actionCatalog(agent).get('DoTrunkSlam')?.conditions; // ['WsStamina > 0']
 */
export function actionCatalog(agent: AgentRecording): Map<string, ActionInfo> {
  const out = new Map<string, { name: string; operator: string; conditions: readonly string[]; effects: readonly string[]; costs: number[] }>();
  for (const run of agent.runs) {
    for (const step of run.plan?.steps ?? []) {
      const info = out.get(step.task);
      if (!info) out.set(step.task, { name: step.task, operator: step.operator, conditions: step.conditions, effects: step.effects, costs: [step.cost] });
      else if (!info.costs.includes(step.cost)) info.costs.push(step.cost);
    }
  }
  for (const info of out.values()) info.costs.sort((a, b) => a - b);
  return out;
}
