import type { AgentRecording } from '@dualplan/monitor';

/** What the recording tells about one action, primitive task, method or goal. */
export interface ActionInfo {
  readonly name: string;
  /** The operator, from a recorded plan ('' when it never appeared in one). */
  readonly operator: string;
  readonly conditions: readonly string[];
  readonly effects: readonly string[];
  /** Every distinct cost it had in a plan, else its base cost from the planners' catalog (costs can depend on the state). */
  readonly costs: readonly number[];
}

/**
 * Conditions, effects and costs of every action, method and goal of `agent`,
 * by name: from the planners' catalog (every candidate, planned or not), with
 * the costs actually planned and operators taken from the recorded plans.
 * Recordings without a catalog (older files) know only what some plan used.
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
  for (const [name, entry] of Object.entries(agent.catalog ?? {})) {
    const info = out.get(name);
    if (info) {
      info.conditions = entry.conditions;
      continue;
    }
    out.set(name, { name, operator: '', conditions: entry.conditions, effects: entry.effects, costs: entry.cost === null ? [] : [entry.cost] });
  }
  for (const info of out.values()) info.costs.sort((a, b) => a - b);
  return out;
}
