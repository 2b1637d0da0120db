import type { Key, Schema, SchemaSpec } from './Schema.js';
import { ChangeSource, type WorldState } from './WorldState.js';

/**
 * Live bindings: world-state keys bound to getter/setter functions over game
 * objects. {@link Bindings.sync} pulls every bound value into the state in one
 * pass, as external changes; {@link Bindings.push} writes state values back.
 *
 * @example
 * const bindings = new Bindings(schema)
 *   .bind(keys.CanSeeEnemy, () => troll.target !== null)
 *   .bind(keys.TrunkHealth, () => troll.trunk, (v) => { troll.trunk = v; });
 * bindings.sync(state);
 */
export class Bindings<S extends SchemaSpec = SchemaSpec> {
  readonly schema: Schema<S>;
  private cells: number[] = [];
  private getters: Array<() => unknown> = [];
  private setters: Array<((value: any) => void) | undefined> = [];

  constructor(schema: Schema<S>) {
    this.schema = schema;
  }

  /** Bind a key (or one slot: `schema.at(key, i)`) to a getter and an optional setter. Rebinding replaces. */
  bind<V>(key: Key<V>, get: () => V, set?: (value: V) => void): this {
    const cell = this.schema.cellOf(key);
    const existing = this.cells.indexOf(cell);
    const at = existing >= 0 ? existing : this.cells.length;
    this.cells[at] = cell;
    this.getters[at] = get;
    this.setters[at] = set;
    return this;
  }

  /** Number of bound keys. */
  get size(): number {
    return this.cells.length;
  }

  /**
   * Pull every bound value into the state (as {@link ChangeSource | ChangeSource.External} writes).
   * Returns how many cells changed. A getter returning a value out of the key's
   * range throws a `ValueRangeError` naming the key.
   */
  sync(state: WorldState<S>): number {
    const { cells, getters } = this;
    const before = state.version;
    for (let i = 0; i < cells.length; i++) state.setChecked(cells[i], getters[i](), ChangeSource.External, 'binding');
    return state.version - before;
  }

  /** Write state values back through the bound setters (keys without a setter are skipped). */
  push(state: WorldState<S>): void {
    const { cells, setters } = this;
    for (let i = 0; i < cells.length; i++) {
      const setter = setters[i];
      if (setter) setter(this.schema.decode(cells[i], state.values[cells[i]]));
    }
  }
}
