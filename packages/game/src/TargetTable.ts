/**
 * A planning request's candidate table: which entity fills each slot of a per-entity action and what it
 * costs (a path length from the query cache). The planner reads it as its context while costing actions.
 * Owned by the {@link TargetingPlanner} request that fills it.
 * @example
 * const table = new TargetTable(4);
 * table.fill(0, 'cover3', 12.4);
 * table.entity(0); // 'cover3'
 */
export class TargetTable {
  private readonly ids: (string | null)[];
  private readonly costs: Float64Array;

  constructor(readonly slots: number) {
    this.ids = new Array<string | null>(slots).fill(null);
    this.costs = new Float64Array(slots);
  }

  /** Empty every slot. */
  clear(): void {
    this.ids.fill(null);
    this.costs.fill(0);
  }

  /** Put `entity` in `slot` at `cost`. */
  fill(slot: number, entity: string, cost: number): void {
    this.ids[slot] = entity;
    this.costs[slot] = cost;
  }

  /** Empty one slot (its candidate was taken or its query failed). */
  drop(slot: number): void {
    this.ids[slot] = null;
  }

  /** The entity in `slot`, or null. */
  entity(slot: number): string | null {
    return this.ids[slot] ?? null;
  }

  /** The cost of `slot` (0 when empty). */
  cost(slot: number): number {
    return this.costs[slot] ?? 0;
  }

  /** The table as plain data (for a worker pool's `ctx` option: it crosses to a worker as a structured clone). */
  toPlain(): PlainTargetTable {
    return { ids: this.ids.slice(), costs: Array.from(this.costs) };
  }

  /** A table from {@link toPlain}'s data (in the worker). */
  static fromPlain(plain: PlainTargetTable): TargetTable {
    const table = new TargetTable(plain.ids.length);
    plain.ids.forEach((id, i) => {
      if (id !== null) table.fill(i, id, plain.costs[i]);
    });
    return table;
  }
}

/** A {@link TargetTable} as plain data. */
export interface PlainTargetTable {
  readonly ids: readonly (string | null)[];
  readonly costs: readonly number[];
}
