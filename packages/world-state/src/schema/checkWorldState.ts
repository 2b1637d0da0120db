import { DualplanError } from '../errors/errors.js';
import { describeValue } from '../errors/describeValue.js';
import type { WorldState } from './WorldState.js';

/**
 * Throw `BAD_STATE` unless `state` is a {@link WorldState}: a plain snapshot object is a common slip when calling a
 * planner. `who` names the caller in the message. Called once per planning call, before the search.
 * @example
 * checkWorldState({ hungry: true }, 'HtnPlanner');
 * // DualplanError BAD_STATE: HtnPlanner plans from a WorldState, got an object: build one with createState(schema, snapshot).
 */
export function checkWorldState(state: WorldState<any>, who: string): void {
  if (
    state === null ||
    typeof state !== 'object' ||
    typeof (state as { copyFrom?: unknown }).copyFrom !== 'function' ||
    !(state as { schema?: unknown }).schema
  ) {
    throw new DualplanError('BAD_STATE', 'state', `${who} plans from a WorldState, got ${describeValue(state)}: build one with createState(schema, snapshot).`);
  }
}
