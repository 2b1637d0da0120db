import type { RunnerEvent } from '@dualplan/runner';
import type { ReservationBoard } from './ReservationBoard.js';

/**
 * Claims an agent's operators make while running a plan (the troll's tree, a villager's weapon), tied to
 * that plan: a new, replaced, finished or failed plan releases them. Feed it the agent's runner events.
 * @example
 * const claims = new ClaimTracker('troll', board);
 * agent.addListener((e) => claims.listen(e));
 * claims.claim('tree7'); // true while no other agent holds it
 */
export class ClaimTracker {
  private token: object = {};

  constructor(
    readonly agent: string,
    private readonly board: ReservationBoard,
  ) {}

  /** Claim `resource` for the running plan; false when another agent holds it or it is gone. */
  claim(resource: string): boolean {
    return this.board.has(resource) && this.board.claim(resource, this.agent, this.token);
  }

  /** Whether this agent may use `resource` (known and free or its own). */
  mayUse(resource: string): boolean {
    return this.board.has(resource) && this.board.isFree(resource, this.agent);
  }

  /** Release one resource now (used up, dropped). */
  release(resource: string, why: string): void {
    this.board.release(resource, this.agent, why);
  }

  /** The agent's runner events. */
  listen(event: RunnerEvent): void {
    switch (event.type) {
      case 'planFound':
      case 'planReplaced':
      case 'planFinished':
      case 'planFailed':
      case 'plannerChanged':
        this.board.releaseExcept(this.agent, null, event.type);
        this.token = {};
        break;
      default:
    }
  }
}
