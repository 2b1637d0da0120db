import { SnapshotError, UnknownKeyError, ValueRangeError } from '../errors/errors.js';
import { KEY_CELL_MASK, KEY_TAG_SHIFT, KeyKind, type Key, type Schema, type SchemaSpec, type StateValues } from './Schema.js';
import { showValue } from '../errors/describeValue.js';
import { hashWords } from './hashWords.js';
import { UndoJournal } from './UndoJournal.js';

/**
 * Who made a write. The runner replans on external changes (sensors, bindings,
 * other agents) but never on the plan's own effects; planning writes are not tracked.
 * @example
 * state.set(keys.TrunkHealth, 2, ChangeSource.Own); // the agent's own doing: no replan
 */
export const ChangeSource = /* @__PURE__ */ Object.freeze({ External: 0, Own: 1, Planning: 2 } as const);
export type ChangeSource = (typeof ChangeSource)[keyof typeof ChangeSource];

/** A state as plain JSON: key name → value (enum values by name; slotted keys as arrays). */
export type Snapshot = Record<string, boolean | number | string | Array<boolean | number | string>>;

/**
 * A world state: one preallocated typed array of cells, plus change tracking.
 * Reads, writes, copy, equality, hash and diff allocate nothing.
 *
 * @example
 * const state = createState(schema);
 * state.set(schema.keys.CanSeeEnemy, true);
 * state.get(schema.keys.CanSeeEnemy); // true
 */
export class WorldState<S extends SchemaSpec = SchemaSpec> {
  readonly schema: Schema<S>;
  /** The cells, in the schema's storage type. Planners read and write these directly. */
  readonly values: StateValues;
  /** The same buffer as 32-bit words, for copy, equality and hashing. */
  readonly words: Int32Array;
  /** Per cell: how many times its value has changed. */
  readonly changeCounts: Uint32Array;
  /** Per cell: 1 when it changed from outside since {@link clearExternalChanges}. */
  readonly externalMask: Uint8Array;
  /** Number of cells changed from outside since {@link clearExternalChanges}. */
  externalChanges = 0;
  /**
   * Incremented on every tracked change, and by {@link copyFrom}, {@link copyInto} (the target's) and {@link reset},
   * which write every cell untracked: whoever compares versions (a runner noticing an outside change, a recorder)
   * sees that the values may have moved. Direct writes to {@link values} are not counted.
   */
  version = 0;
  /** Set by {@link enableUndo}: what recent tracked writes overwrote. */
  private journal: UndoJournal | null = null;
  /** Open {@link undoPoint}s. */
  private undoDepth = 0;
  /** The version when the outermost open {@link undoPoint} was taken: the journal keeps every write since. */
  private pinnedAt = 0;

  constructor(schema: Schema<S>) {
    this.schema = schema;
    this.values = schema.allocValues();
    this.values.set(schema.defaults);
    this.words = new Int32Array(this.values.buffer);
    this.changeCounts = new Uint32Array(schema.size);
    this.externalMask = new Uint8Array(schema.size);
  }

  /** Typed read: a boolean for bool keys, the enum value or integer otherwise. */
  get<V>(key: Key<V>): V {
    const cell = key & KEY_CELL_MASK;
    const raw = this.values[cell];
    if (raw === undefined) throw new UnknownKeyError(showValue(key));
    return (this.schema.kind[cell] === KeyKind.Bool ? raw !== 0 : raw) as V;
  }

  /** Raw stored integer of a cell (bools are 0/1). */
  getRaw(cell: number): number {
    return this.values[cell];
  }

  /**
   * Typed, validated write. By default it counts as an external change (a sensor
   * or binding); effects applied by the runner pass {@link ChangeSource | ChangeSource.Own}.
   * Throws {@link ValueRangeError} naming the key when the value is out of range.
   */
  set<V>(key: Key<V>, value: V, source: ChangeSource = ChangeSource.External): void {
    if (typeof key !== 'number') throw new UnknownKeyError(showValue(key));
    const cell = key & KEY_CELL_MASK;
    if (!(key >= 0 && cell < this.schema.size)) throw new UnknownKeyError(String(key));
    // Writes are rarer than reads: reject a handle from another schema here rather than write an unrelated cell.
    if (key > KEY_CELL_MASK && key >>> KEY_TAG_SHIFT !== this.schema.tag) this.schema.cellOf(key, 0, 'state.set');
    this.setChecked(cell, value, source);
  }

  /** Validated write of a user value to a known cell; `where` names the writer in errors (e.g. `'binding'`). */
  setChecked(cell: number, value: unknown, source: ChangeSource, where?: string): void {
    const schema = this.schema;
    const isBool = typeof value === 'boolean';
    const raw = isBool ? (value ? 1 : 0) : (value as number);
    if (
      (!isBool && typeof value !== 'number') ||
      !(raw >= schema.min[cell] && raw <= schema.max[cell]) ||
      raw !== Math.trunc(raw) ||
      (isBool && schema.kind[cell] !== KeyKind.Bool)
    ) {
      throw new ValueRangeError(schema.nameOf(cell), value, schema.describeExpected(cell, value), where);
    }
    this.write(cell, raw, source);
  }

  /** Unchecked write of a raw value with change tracking; for compiled effects and bindings. */
  write(cell: number, raw: number, source: ChangeSource): void {
    const values = this.values;
    const old = values[cell];
    if (old === raw) return;
    values[cell] = raw;
    if (source === ChangeSource.Planning) return;
    const journal = this.journal;
    if (journal !== null) journal.record(cell, old, this.version, this.undoDepth > 0 ? this.pinnedAt : Infinity);
    this.changeCounts[cell]++;
    this.version++;
    if (source === ChangeSource.External && this.externalMask[cell] === 0) {
      this.externalMask[cell] = 1;
      this.externalChanges++;
    }
  }

  /**
   * Keep an undo journal of tracked writes (not planning writes), so that
   * {@link rollback} can undo what a failed callback wrote. The runner enables
   * it on its agents' states. Allocates once (`capacity` entries, default 8 per
   * cell); it grows only when one call between {@link undoPoint} and
   * {@link undoDone} writes more than that, and then keeps its size.
   */
  enableUndo(capacity = Math.max(64, this.schema.size * 8)): this {
    this.journal ??= new UndoJournal(capacity);
    return this;
  }

  /**
   * Before calling code that may fail: returns the version to {@link rollback}
   * to, and keeps every write from now on in the journal until the matching
   * {@link undoDone}, so the rollback is exact however much the call writes.
   * Points nest; each needs one `undoDone`, also when the call threw.
   * @example
   * const before = state.undoPoint();
   * try { operator.update(state); } catch (e) { state.rollback(before); }
   * state.undoDone();
   */
  undoPoint(): number {
    const version = this.version;
    if (this.undoDepth++ === 0) this.pinnedAt = version;
    return version;
  }

  /** Close the innermost {@link undoPoint}: once none is open, old writes may leave the journal. */
  undoDone(): void {
    if (this.undoDepth > 0) this.undoDepth--;
  }

  /**
   * Undo every tracked write made since the state was at `version` (take it
   * with {@link undoPoint} before calling code that may fail): each cell goes
   * back to its value then. Returns how many writes were undone (0 without
   * {@link enableUndo}). Counts as one tracked change, so observers of
   * `version` see that the state moved. Exact while the undo point is open;
   * for a version read without one, writes beyond the journal's capacity may
   * have been forgotten.
   * @example
   * state.enableUndo();
   * const before = state.undoPoint();
   * state.set(keys.Ammo, 0);
   * state.rollback(before); // Ammo is back to its old value
   * state.undoDone();
   */
  rollback(version: number): number {
    const journal = this.journal;
    if (journal === null) return 0;
    const n = journal.unwind(version, this.values, this.changeCounts);
    if (n > 0) this.version++;
    return n;
  }

  /** Forget external changes (the runner calls this once it has reacted to them). */
  clearExternalChanges(): void {
    if (this.externalChanges === 0) return;
    this.externalMask.fill(0);
    this.externalChanges = 0;
  }

  /** Write the cells changed from outside into `out`; returns how many. */
  externalCells(out: Int32Array | number[]): number {
    let n = 0;
    const mask = this.externalMask;
    for (let c = 0; c < mask.length && n < out.length; c++) if (mask[c] !== 0) out[n++] = c;
    return n;
  }

  /** Copy this state's values into `target` (same schema). Change tracking is not copied. */
  copyInto(target: WorldState<S>): WorldState<S> {
    copyWords(this.words, target.words);
    target.version++;
    return target;
  }

  /** Copy `source`'s values into this state. */
  copyFrom(source: WorldState<S>): this {
    copyWords(source.words, this.words);
    this.version++;
    return this;
  }

  /** True when both states hold the same values. */
  equals(other: WorldState<S>): boolean {
    const a = this.words;
    const b = other.words;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /** A signed 32-bit hash of the values, stable across runs and machines. */
  hash(): number {
    return hashWords(this.words, this.words.length);
  }

  /** Reset every cell to the schema default (untracked). */
  reset(): this {
    this.values.set(this.schema.defaults);
    this.version++;
    return this;
  }

  /** A new state with the same values (allocates; not for hot loops). */
  clone(): WorldState<S> {
    return new WorldState(this.schema).copyFrom(this);
  }

  /** Plain-JSON snapshot, keyed by key name; enum values by name. */
  toJSON(): Snapshot {
    const out: Snapshot = {};
    const schema = this.schema;
    for (const { name, spec, cell } of schema.keyList) {
      const read = (c: number): boolean | number | string => {
        const raw = this.values[c];
        return spec.kind === 'enum' ? spec.names[raw] : (schema.decode(c, raw) as boolean | number);
      };
      out[name] = spec.slots === 1 ? read(cell) : Array.from({ length: spec.slots }, (_, i) => read(cell + i));
    }
    return out;
  }

  /** A readable one-line rendering, e.g. `CanSeeEnemy=true EnemyRange=Melee`. */
  toString(): string {
    const parts: string[] = [];
    for (let c = 0; c < this.schema.size; c++) parts.push(`${this.schema.nameOf(c)}=${this.schema.format(c, this.values[c])}`);
    return parts.join(' ');
  }
}

function copyWords(from: Int32Array, to: Int32Array): void {
  const n = from.length;
  if (n > 32) {
    to.set(from);
    return;
  }
  for (let i = 0; i < n; i++) to[i] = from[i];
}

/**
 * A new state holding the schema's defaults, optionally overridden by a partial snapshot.
 * @example
 * const state = createState(schema, { CanSeeEnemy: true, EnemyRange: 'Melee' });
 */
export function createState<S extends SchemaSpec>(schema: Schema<S>, init?: Snapshot): WorldState<S> {
  const state = new WorldState(schema);
  if (init) writeSnapshot(state, init, true);
  return state;
}

/** Options of {@link restoreState}. */
export interface RestoreOptions {
  /** Allow keys missing from the snapshot; they take the schema default. Defaults to false. */
  allowMissing?: boolean;
}

/**
 * Restore a state from {@link WorldState.toJSON} output, validating every key and value.
 * Throws {@link UnknownKeyError} for unknown keys, {@link ValueRangeError} for bad values,
 * and {@link SnapshotError} for missing keys or wrong slot counts.
 * @example
 * const saved = JSON.stringify(state);
 * const again = restoreState(schema, JSON.parse(saved));
 */
export function restoreState<S extends SchemaSpec>(schema: Schema<S>, snapshot: Snapshot, options: RestoreOptions = {}): WorldState<S> {
  const state = new WorldState(schema);
  writeSnapshot(state, snapshot, options.allowMissing ?? false);
  return state;
}

function writeSnapshot(state: WorldState<any>, snapshot: Snapshot, allowMissing: boolean): void {
  if (snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot)) {
    throw new SnapshotError('BAD_SNAPSHOT', '', 'A snapshot must be a plain object of key → value.');
  }
  const schema = state.schema;
  for (const name of Object.keys(snapshot)) {
    if (!schema.keyInfo(name))
      throw new UnknownKeyError(
        name,
        'snapshot',
        schema.keyList.map((k) => k.name),
      );
  }
  for (const { name, spec, cell } of schema.keyList) {
    // Own values only: a key named `constructor` or `toString` missing from the snapshot is missing, not inherited.
    const value = Object.hasOwn(snapshot, name) ? snapshot[name] : undefined;
    if (value === undefined) {
      if (!allowMissing) throw new SnapshotError('MISSING_KEY', name, `Snapshot has no value for key "${name}".`);
      continue;
    }
    if (spec.slots === 1) {
      state.values[cell] = schema.encode(cell, value, 'snapshot');
      continue;
    }
    if (!Array.isArray(value) || value.length !== spec.slots) {
      throw new SnapshotError('BAD_SLOTS', name, `Snapshot value for "${name}" must be an array of ${spec.slots} values.`);
    }
    for (let i = 0; i < spec.slots; i++) state.values[cell + i] = schema.encode(cell + i, value[i], 'snapshot');
  }
}

/**
 * Write into `out` the cells whose values differ between `a` and `b`; returns how many.
 * `out` should have room for `schema.size` entries.
 * @example
 * const cells = new Int32Array(schema.size);
 * const n = diffStates(before, after, cells);
 * for (let i = 0; i < n; i++) console.log(schema.nameOf(cells[i]));
 */
export function diffStates<S extends SchemaSpec>(a: WorldState<S>, b: WorldState<S>, out: Int32Array | number[]): number {
  const x = a.values;
  const y = b.values;
  const aw = a.words;
  const bw = b.words;
  const perWord = 4 / a.schema.bytesPerCell;
  let n = 0;
  for (let w = 0; w < aw.length; w++) {
    if (aw[w] === bw[w]) continue;
    const end = Math.min((w + 1) * perWord, x.length);
    for (let c = w * perWord; c < end; c++) if (x[c] !== y[c]) out[n++] = c;
  }
  return n;
}
