import { OperatorStatus, type Operator } from '@dualplan/runner';
import type { Game } from './Game.js';

/**
 * Wraps each operator so that a step fails as soon as the agent's plan lost a target (an entity it held
 * vanished): the runner then replans, so a removed entity never leaves an agent stuck. Built once per agent.
 * @example
 * const operators = guardTargets(game, { walk, uproot });
 */
export function guardTargets<Ctx, K extends string>(game: Game, operators: Record<K, Operator<Ctx>>): Record<K, Operator<Ctx>> {
  const out = {} as Record<K, Operator<Ctx>>;
  for (const name of Object.keys(operators) as K[]) {
    const op = operators[name];
    out[name] = {
      ...op,
      update: (args, agent, dt, step) => (game.takeLost(agent.id) ? OperatorStatus.Failure : op.update(args, agent, dt, step)),
    };
  }
  return out;
}
