import { DualplanError, describeValue, type WorldState } from '@dualplan/world-state';

/** Planning needs a WorldState; a plain snapshot object is a common slip. @internal */
export function checkState(state: WorldState<any>): void {
  if (
    state === null ||
    typeof state !== 'object' ||
    typeof (state as { copyFrom?: unknown }).copyFrom !== 'function' ||
    !(state as { schema?: unknown }).schema
  ) {
    throw new DualplanError(
      'BAD_STATE',
      'state',
      `GoapPlanner plans from a WorldState, got ${describeValue(state)}: build one with createState(schema, snapshot).`,
    );
  }
}
