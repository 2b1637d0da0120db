import type { AgentView } from './AgentView.js';

/**
 * Turns what an agent perceives into world-state values:
 * vision, hearing, range, health. Writes through `agent.state.set(...)` count
 * as external changes, so the runner replans on them.
 * @example
 * const vision: Sensor<{ enemyDistance: number }> = {
 *   name: 'vision', interval: 0.2,
 *   update: (agent) => agent.state.set(keys.WsCanSeeEnemy, agent.ctx.enemyDistance < 20),
 * };
 */
export interface Sensor<Ctx = any> {
  readonly name: string;
  /** Seconds between updates (0: whenever the time slice allows). */
  readonly interval: number;
  /** `dt`: seconds since this sensor's previous update. */
  update(agent: AgentView<Ctx>, dt: number): void;
}
