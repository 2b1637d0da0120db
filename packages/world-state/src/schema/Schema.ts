import { nameOf, showValue } from '../errors/describeValue.js';
import { didYouMean } from '../errors/didYouMean.js';
import { ForeignKeyError, SchemaError, UnknownKeyError, ValueRangeError } from '../errors/errors.js';
import type { BoolSpec, EdgePolicy, EnumSpec, IntSpec, KeySpec, ValueOf } from './KeySpec.js';
import { enumChoices, validateKeySpec } from './validateKeySpec.js';

declare const valueBrand: unique symbol;

/**
 * A key handle: the index of the key's first cell in the state array, branded
 * with the key's value type so `get`/`set` and condition helpers are typed.
 * Plain numbers (for example TypeScript enum members) are accepted too.
 */
export type Key<V = unknown> = number & { readonly [valueBrand]?: V };

/** The plain-data input of {@link defineSchema}: key names mapped to key declarations. */
export type SchemaSpec = Readonly<Record<string, KeySpec>>;

/** The typed key handles of a schema spec, as found on `schema.keys`. */
export type KeysOf<S extends SchemaSpec> = { readonly [K in keyof S]: Key<ValueOf<S[K]>> };

/** Numeric codes of key kinds, as stored in {@link Schema.kind}. */
export const KeyKind = /* @__PURE__ */ Object.freeze({ Bool: 0, Enum: 1, Int: 2 } as const);

/** Numeric codes of edge policies, as stored in {@link Schema.edge}. */
export const Edge = /* @__PURE__ */ Object.freeze({ Clamp: 0, Error: 1 } as const);

/** The name of the typed array a schema stores its states in: the narrowest that holds every key's range. */
export type StorageType = 'Uint8Array' | 'Int8Array' | 'Uint16Array' | 'Int16Array' | 'Int32Array';

/** The typed array a schema's states are stored in. */
export type StateValues = Uint8Array | Int8Array | Uint16Array | Int16Array | Int32Array;

/** One declared key. */
export interface KeyInfo {
  readonly name: string;
  readonly spec: KeySpec;
  /** Index of the key's first cell. */
  readonly cell: number;
}

/** Planning state-space size: the product of every cell's value count. */
export interface StateSpace {
  /** With each merged-bool enum counted as its separate booleans (2^members). */
  readonly before: number;
  /** As declared, merged-bool enums counted as one key with one value per member. */
  readonly after: number;
  readonly log2Before: number;
  readonly log2After: number;
}

const STORAGE: ReadonlyArray<readonly [StorageType, number, number, number]> = [
  ['Uint8Array', 0, 0xff, 1],
  ['Int8Array', -0x80, 0x7f, 1],
  ['Uint16Array', 0, 0xffff, 2],
  ['Int16Array', -0x8000, 0x7fff, 2],
  ['Int32Array', -0x80000000, 0x7fffffff, 4],
];

const CTORS = { Uint8Array, Int8Array, Uint16Array, Int16Array, Int32Array } as const;

/** Key handles are `tag << KEY_TAG_SHIFT | cell`; raw cell numbers (tag 0) are accepted too. */
export const KEY_TAG_SHIFT = 16;
/** Mask of the cell in a key handle. */
export const KEY_CELL_MASK = 0xffff;
// 15 bits keep handles positive 32-bit integers. Tags are reused after 32767 schemas, so detection is best-effort then.
const MAX_TAG = 0x7fff;
let nextTag = 0;
const tagged = new Map<number, WeakRef<Schema<any>>>();
const tagOfLayout = new Map<string, number>();

function foreignKey(schema: Schema<any>, ref: number, where?: string): ForeignKeyError {
  const tag = ref >>> KEY_TAG_SHIFT;
  const other = tagged.get(tag)?.deref();
  const cell = ref & KEY_CELL_MASK;
  const name = other ? other.nameOf(cell) : `#${cell}`;
  return new ForeignKeyError(name, other ? other.describe() : `schema #${tag}`, schema.describe(), where);
}

/**
 * A compiled world-state schema: per-cell metadata in flat typed arrays, and the
 * narrowest typed-array storage that holds every key's range. Create one with
 * {@link defineSchema}; it is immutable and shared by every state, domain and agent.
 */
export class Schema<S extends SchemaSpec = SchemaSpec> {
  /**
   * Typed key handles by name. A handle is `tag << 16 | cell`: the schema's
   * {@link Schema.tag} in the high bits lets compile steps reject a handle from
   * another schema; compiled conditions and effects hold plain cells, so hot
   * paths never see the tag, and `state.get/set` strip it with one mask.
   */
  readonly keys: KeysOf<S>;
  /** A small number (1..32767) identifying this schema's layout in its key handles (equal layouts share it). */
  readonly tag: number;
  /** Declared keys, in cell order. */
  readonly keyList: readonly KeyInfo[];
  /** Number of cells (a key with N slots takes N cells). */
  readonly size: number;
  readonly storage: StorageType;
  readonly bytesPerCell: number;
  /** Per cell: kind code ({@link KeyKind}), range, default, edge policy ({@link Edge}). */
  readonly kind: Uint8Array;
  readonly min: Int32Array;
  readonly max: Int32Array;
  readonly defaults: Int32Array;
  readonly edge: Uint8Array;
  /** Per cell: the key it belongs to (index into {@link keyList}) and its display name (`EnemyHealth[2]`). */
  readonly cellKey: Int32Array;
  readonly cellNames: readonly string[];
  private readonly byName: ReadonlyMap<string, KeyInfo>;
  private readonly memberAliases: ReadonlyMap<string, { readonly cell: number; readonly value: number; readonly key: string }>;

  /** @internal use {@link defineSchema}. */
  constructor(entries: ReadonlyArray<readonly [string, KeySpec, number?]>) {
    const byName = new Map<string, KeyInfo>();
    const aliases = new Map<string, { cell: number; value: number; key: string }>();
    const keyList: KeyInfo[] = [];
    const cellOwner: number[] = [];
    for (const [name, spec, fixedCell] of entries) {
      validateKeySpec(name, spec);
      if (byName.has(name) || aliases.has(name)) throw new SchemaError('DUPLICATE_KEY', name, `Duplicate key "${name}".`);
      const cell = fixedCell ?? cellOwner.length;
      for (let i = 0; i < spec.slots; i++) {
        if (cellOwner[cell + i] !== undefined) {
          const other = keyList[cellOwner[cell + i]].name;
          throw new SchemaError('DUPLICATE_KEY', name, `Key "${name}" overlaps key "${other}" at cell ${cell + i}: give it ${spec.slots} free cells.`);
        }
        cellOwner[cell + i] = keyList.length;
      }
      const info: KeyInfo = { name, spec, cell };
      byName.set(name, info);
      keyList.push(info);
      if (spec.kind === 'enum' && spec.merged && spec.slots === 1) {
        for (let v = 0; v < spec.names.length; v++) {
          const member = spec.names[v];
          if (byName.has(member) || aliases.has(member)) {
            throw new SchemaError('DUPLICATE_KEY', member, `Merged-bool member "${member}" of "${name}" duplicates another key or member.`);
          }
          aliases.set(member, { cell, value: v, key: name });
        }
      }
    }
    for (const [alias] of aliases) {
      if (byName.has(alias)) throw new SchemaError('DUPLICATE_KEY', alias, `Merged-bool member "${alias}" duplicates a key name.`);
    }
    const size = cellOwner.length;
    for (let c = 0; c < size; c++) {
      if (cellOwner[c] === undefined) throw new SchemaError('KEY_GAP', String(c), `No key declares cell ${c}: key enum values must leave no gaps.`);
    }
    this.size = size;
    this.kind = new Uint8Array(size);
    this.min = new Int32Array(size);
    this.max = new Int32Array(size);
    this.defaults = new Int32Array(size);
    this.edge = new Uint8Array(size);
    this.cellKey = new Int32Array(size);
    const cellNames: string[] = new Array(size);
    let lo = 0;
    let hi = 1;
    keyList.forEach((info, k) => {
      const { spec, cell, name } = info;
      const [kind, min, max, def, edge] = cellMeta(spec);
      for (let i = 0; i < spec.slots; i++) {
        this.kind[cell + i] = kind;
        this.min[cell + i] = min;
        this.max[cell + i] = max;
        this.defaults[cell + i] = def;
        this.edge[cell + i] = edge;
        this.cellKey[cell + i] = k;
        cellNames[cell + i] = spec.slots === 1 ? name : `${name}[${i}]`;
      }
      lo = Math.min(lo, min);
      hi = Math.max(hi, max);
    });
    const [storage, , , bytes] = STORAGE.find(([, a, b]) => lo >= a && hi <= b)!;
    this.storage = storage;
    this.bytesPerCell = bytes;
    this.cellNames = cellNames;
    this.keyList = keyList;
    this.byName = byName;
    this.memberAliases = aliases;
    if (cellOwner.length > KEY_CELL_MASK + 1)
      throw new SchemaError('TOO_MANY_CELLS', '', `A schema holds at most ${KEY_CELL_MASK + 1} cells; this one has ${cellOwner.length}.`);
    // Schemas with the same layout (one factory called twice) share a tag: their handles name the same cells.
    const layout = JSON.stringify(keyList.map(({ name, spec, cell }) => [name, cell, spec]));
    let tag = tagOfLayout.get(layout);
    if (tag === undefined) {
      tagOfLayout.set(layout, (tag = nextTag = (nextTag % MAX_TAG) + 1));
      tagged.set(tag, new WeakRef(this));
    }
    this.tag = tag;
    const keys: Record<string, number> = {};
    for (const info of keyList) keys[info.name] = (this.tag << KEY_TAG_SHIFT) | info.cell;
    this.keys = Object.freeze(keys) as KeysOf<S>;
  }

  /** The declared key of that name, or undefined. */
  keyInfo(name: string): KeyInfo | undefined {
    return this.byName.get(name);
  }

  /** The merged-bool member of that name (`HasSword`), as its key cell and enum value, or undefined. */
  member(name: string): { readonly cell: number; readonly value: number; readonly key: string } | undefined {
    return this.memberAliases.get(name);
  }

  /**
   * The cell of a key reference: a key handle or cell index, a name (`'EnemyHealth'`),
   * or a slotted name (`'EnemyHealth[2]'`), plus an optional slot index.
   * Throws {@link UnknownKeyError} naming the reference.
   */
  cellOf(ref: string | number, index = 0, where?: string): number {
    // The index comes from user data (a condition's or effect's `index`): anything but a slot number is named here,
    // before arithmetic on it could coerce an object (and throw an untyped TypeError) or a string.
    if (!Number.isInteger(index)) {
      throw new UnknownKeyError(
        `${nameOf(ref)}[${showValue(index)}]`,
        where ? `${where} (a slot index is a whole number)` : 'the schema (a slot index is a whole number)',
      );
    }
    if (typeof ref === 'number') {
      if (!Number.isInteger(ref) || ref < 0) throw new UnknownKeyError(String(ref), where);
      const tag = ref >>> KEY_TAG_SHIFT;
      if (tag !== 0 && tag !== this.tag) throw foreignKey(this, ref, where);
      ref &= KEY_CELL_MASK;
      if (ref >= this.size) throw new UnknownKeyError(String(ref), where);
      const info = this.keyList[this.cellKey[ref]];
      return this.slotCell(info, ref - info.cell + index, where);
    }
    if (typeof ref !== 'string') throw new UnknownKeyError(showValue(ref), where);
    const bracket = /^(.*)\[(\d+)\]$/.exec(ref);
    const info = this.byName.get(bracket ? bracket[1] : ref);
    if (!info) throw new UnknownKeyError(ref, where, this.byName.keys());
    return this.slotCell(info, (bracket ? Number(bracket[2]) : 0) + index, where);
  }

  private slotCell(info: KeyInfo, slot: number, where?: string): number {
    if (!Number.isInteger(slot) || slot < 0 || slot >= info.spec.slots) {
      throw new UnknownKeyError(
        `${info.name}[${slot}]`,
        where ? `${where} (the key has ${info.spec.slots} slot(s))` : `the schema (the key has ${info.spec.slots} slot(s))`,
      );
    }
    return info.cell + slot;
  }

  /**
   * The cell of slot `index` of a multi-slot key.
   * @example
   * const cell = schema.at(schema.keys.EnemyHealth, 2); // EnemyHealth[2]
   */
  at<V>(key: Key<V>, index: number): Key<V> {
    return ((this.tag << KEY_TAG_SHIFT) | this.cellOf(key, index)) as Key<V>;
  }

  /** A short description for messages: `schema #3 (CanSeeEnemy, Location, …)`. */
  describe(): string {
    const names = this.keyList.slice(0, 3).map((k) => k.name);
    return `schema #${this.tag} (${names.join(', ')}${this.keyList.length > 3 ? ', …' : ''})`;
  }

  /** Display name of a cell, for messages and snapshots. */
  nameOf(cell: number): string {
    return this.cellNames[cell] ?? `#${cell}`;
  }

  /**
   * Convert a user value (boolean, enum member name, or number) to the stored
   * integer, validating kind and range. Throws {@link ValueRangeError} naming the key.
   */
  encode(cell: number, value: unknown, where?: string): number {
    const kind = this.kind[cell];
    let raw: number;
    if (kind === KeyKind.Bool) {
      if (typeof value === 'boolean') raw = value ? 1 : 0;
      else if (value === 0 || value === 1) raw = value;
      else throw new ValueRangeError(this.nameOf(cell), value, 'a boolean', where);
      return raw;
    }
    if (kind === KeyKind.Enum && typeof value === 'string') {
      const spec = this.keyList[this.cellKey[cell]].spec as EnumSpec;
      raw = spec.names.indexOf(value);
      if (raw < 0) throw new ValueRangeError(this.nameOf(cell), value, this.describeExpected(cell, value), where);
      return raw;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < this.min[cell] || value > this.max[cell]) {
      throw new ValueRangeError(this.nameOf(cell), value, this.describeExpected(cell, value), where);
    }
    return value;
  }

  /** Convert a stored integer to the user-facing value (boolean for bool keys). */
  decode(cell: number, raw: number): boolean | number {
    return this.kind[cell] === KeyKind.Bool ? raw !== 0 : raw;
  }

  /** Human-readable form of a stored value: `true`, `Melee`, `3`. */
  format(cell: number, raw: number): string {
    const kind = this.kind[cell];
    if (kind === KeyKind.Bool) return raw ? 'true' : 'false';
    if (kind === KeyKind.Enum) return (this.keyList[this.cellKey[cell]].spec as EnumSpec).names[raw] ?? String(raw);
    return String(raw);
  }

  /** What a cell accepts, for error messages. */
  describeRange(cell: number): string {
    const kind = this.kind[cell];
    if (kind === KeyKind.Bool) return 'a boolean';
    if (kind === KeyKind.Enum) return `one of ${enumChoices((this.keyList[this.cellKey[cell]].spec as EnumSpec).names)}`;
    return `an integer in [${this.min[cell]}, ${this.max[cell]}]`;
  }

  /**
   * What a cell accepts, for an error about `value`: {@link describeRange}, plus,
   * for an enum key given a name, the number that name stands for (stored values
   * are numbers) or the closest name.
   */
  describeExpected(cell: number, value: unknown): string {
    const range = this.describeRange(cell);
    if (this.kind[cell] !== KeyKind.Enum || typeof value !== 'string') return range;
    const names = (this.keyList[this.cellKey[cell]].spec as EnumSpec).names;
    const index = names.indexOf(value);
    if (index >= 0) return `the value's number, not its name: "${value}" is ${index} (schema.encode converts names)`;
    return `${range}.${didYouMean(value, names)}`.replace(/\.$/, '');
  }

  /**
   * The planning state-space size, before and after merging bools.
   * @example
   * schema.stateSpace(); // { before: 32, after: 12, ... } for 2 bools + a 3-member merged group
   */
  stateSpace(): StateSpace {
    let log2Before = 0;
    let log2After = 0;
    for (const { spec } of this.keyList) {
      const count = spec.kind === 'bool' ? 2 : spec.kind === 'enum' ? spec.names.length : spec.max - spec.min + 1;
      const unmerged = spec.kind === 'enum' && spec.merged ? 2 ** spec.names.length : count;
      log2Before += spec.slots * Math.log2(unmerged);
      log2After += spec.slots * Math.log2(count);
    }
    return { before: Math.round(2 ** log2Before), after: Math.round(2 ** log2After), log2Before, log2After };
  }

  /**
   * A zeroed value array for this schema. Its buffer is padded to whole 32-bit
   * words so states can be copied, compared and hashed a word at a time.
   */
  allocValues(): StateValues {
    const words = Math.max(1, Math.ceil((this.size * this.bytesPerCell) / 4));
    return new CTORS[this.storage](new ArrayBuffer(words * 4), 0, this.size);
  }
}

function cellMeta(spec: KeySpec): [kind: number, min: number, max: number, def: number, edge: number] {
  if (spec.kind === 'bool') return [KeyKind.Bool, 0, 1, (spec as BoolSpec).default ? 1 : 0, Edge.Clamp];
  if (spec.kind === 'enum') return [KeyKind.Enum, 0, spec.names.length - 1, spec.default, Edge.Error];
  const s = spec as IntSpec;
  return [KeyKind.Int, s.min, s.max, s.default, edgeCode(s.edge)];
}

function edgeCode(edge: EdgePolicy): number {
  return edge === 'error' ? Edge.Error : Edge.Clamp;
}
