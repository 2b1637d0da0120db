import { DualplanError } from '@dualplan/world-state';

/** The game's error codes: an unknown resource, a query that timed out, threw or rejected, a missing path, a vanished entity. */
export type GameErrorCode = 'UNKNOWN_RESOURCE' | 'QUERY_TIMEOUT' | 'QUERY_FAILED' | 'NO_PATH' | 'ENTITY_GONE';

/**
 * An error of the game logic, contained where it happens and reported in the game's event log.
 * `subject` names the entity, resource or query at fault; `cause` is what user code threw, if anything.
 * @example
 * throw new GameError('UNKNOWN_RESOURCE', 'cover99', 'No resource "cover99" on the reservation board.');
 */
export class GameError extends DualplanError {
  override readonly cause: unknown;
  constructor(code: GameErrorCode, subject: string, message: string, cause?: unknown) {
    super(code, subject, message);
    this.cause = cause;
  }
}
