// The layout of the compiled fast tables, apart from planningOps (which builds them)
// so that HtnDomain can hold them without importing the planning operations.
/**
 * The hot path's view of a domain: one flat `Int32Array`, so the planner's
 * inner loop keeps few arrays live. Layout:
 * - per static call c, at `c * CALL`: path (one of the `CallPath` constants), then for a
 *   primitive [condStart, condEnd, effStart, effEnd], for a compound [first method, end method];
 * - per method m, at `methodBase + m * METHOD`: [condStart, condEnd, subStart, subEnd];
 * - conditions as [cell, op, operand] triples, effects then expected effects as
 *   [cell, op, operand, edge] quads, and subtask call ids, all addressed by absolute offsets.
 */
export interface FastTables {
  readonly prog: Int32Array;
  readonly methodBase: number;
}

/** Int32 slots per call header and per method in {@link FastTables.prog}. */
export const CALL = 8;
export const METHOD = 4;
