import { describeValue, nameOf, showValue } from '../errors/describeValue.js';
import { DefinitionError, ValueRangeError } from '../errors/errors.js';
import { UserCodeError } from '../errors/UserCodeError.js';
import { KeyKind, type Key, type Schema } from '../schema/Schema.js';
import type { WorldState } from '../schema/WorldState.js';

/** The comparison of a plain-data {@link Condition}. */
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A condition as plain data. `key` is a key name (`'EnemyRange'`, `'EnemyHealth[2]'`, a merged-bool member) or a key handle. */
export interface Condition {
  readonly key: string | number;
  /** Slot index for multi-slot keys. */
  readonly index?: number;
  readonly op: CompareOp | 'in';
  /** A boolean, enum value (number or name) or integer; for `in`, a list of enum values. */
  readonly value: boolean | number | string | readonly (number | string)[];
}

/** A procedural check the planners cannot reason about: GOAP never regresses through it. */
export type OpaqueTest<Ctx = any> = (state: WorldState<any>, ctx: Ctx) => boolean;

/** An opaque (function) condition, marked so that planners know they cannot regress it. */
export interface OpaqueCondition<Ctx = any> {
  readonly opaque: string;
  readonly test: OpaqueTest<Ctx>;
}

/** What a condition list accepts: plain-data conditions and opaque ones. */
export type ConditionDef = Condition | OpaqueCondition;

/**
 * Condition opcodes as stored in {@link ConditionList.data}. `In` carries a 32-bit
 * mask of values (enums of up to 32 values); `InSet` is `in` on a larger enum, its
 * operand the offset of its bitmask in {@link ConditionList.sets}.
 */
export const CondOp = /* @__PURE__ */ Object.freeze({ Eq: 0, Ne: 1, Lt: 2, Le: 3, Gt: 4, Ge: 5, In: 6, Opaque: 7, InSet: 8 } as const);

const OP_CODES: Readonly<Record<string, number>> = { '==': 0, '!=': 1, '<': 2, '<=': 3, '>': 4, '>=': 5, in: 6 };
const OP_TEXT = ['==', '!=', '<', '<=', '>', '>=', 'in', 'opaque', 'in'];

/**
 * `key == value`. The condition helpers are typed: key names and value types are checked by TypeScript.
 * @example
 * eq(keys.CanSeeEnemy, true)
 */
export function eq<V>(key: Key<V>, value: V): Condition {
  return { key, op: '==', value: value as unknown as number };
}
/**
 * `key != value`.
 * @example
 * ne(keys.EnemyRange, Range.OutOfRange)
 */
export function ne<V>(key: Key<V>, value: V): Condition {
  return { key, op: '!=', value: value as unknown as number };
}
/**
 * `key < value`, for integer and enum keys.
 * @example
 * lt(keys.TrunkHealth, 3)
 */
export function lt<V extends number>(key: Key<V>, value: V): Condition {
  return { key, op: '<', value };
}
/**
 * `key <= value`, for integer and enum keys.
 * @example
 * le(keys.TrunkHealth, 2)
 */
export function le<V extends number>(key: Key<V>, value: V): Condition {
  return { key, op: '<=', value };
}
/**
 * `key > value`, for integer and enum keys.
 * @example
 * gt(keys.TrunkHealth, 0)
 */
export function gt<V extends number>(key: Key<V>, value: V): Condition {
  return { key, op: '>', value };
}
/**
 * `key >= value`, for integer and enum keys.
 * @example
 * ge(keys.Ammo, 1)
 */
export function ge<V extends number>(key: Key<V>, value: V): Condition {
  return { key, op: '>=', value };
}
/**
 * "In set": the key holds one of the values (compiled to a bitmask over enum values).
 * @example
 * isIn(keys.EnemyRange, [Range.Melee, Range.Viewable])
 */
export function isIn<V extends number>(key: Key<V>, values: readonly V[]): Condition {
  return { key, op: 'in', value: values };
}
/**
 * {@link eq} under a name that reads naturally for merged-bool enums.
 * @example
 * is(keys.Weapon, Weapon.Sword)
 */
export const is = eq;
/**
 * A procedural condition; GOAP checks it against the real state and never regresses it.
 * @example
 * check('path to the enemy is clear', (state, ctx: { nav: { clearPath(): boolean } }) => ctx.nav.clearPath())
 */
export function check<Ctx = any>(name: string, test: OpaqueTest<Ctx>): OpaqueCondition<Ctx> {
  return { opaque: name, test };
}

/**
 * A compiled condition list: flat `[cell, opcode, operand]` triples, plus the
 * opaque tests it refers to. Immutable; built once per task or action.
 */
export class ConditionList {
  /** `[cell, opcode, operand]` per condition; operand is a value, a bitmask (`In`), or an offset in {@link ConditionList.sets} (`InSet`). */
  readonly data: Int32Array;
  /**
   * The bitmasks of `in` conditions on enums of more than 32 values: `ceil(values / 32)`
   * words each (bit `v & 31` of word `v >>> 5`), at the offset their `InSet` operand gives.
   */
  readonly sets: Int32Array;
  readonly length: number;
  /** Opaque tests, indexed by the operand of an `Opaque` condition. */
  readonly tests: readonly OpaqueTest[];
  readonly hasOpaque: boolean;
  readonly schema: Schema;
  /** The normalised plain-data form, for serialisation. */
  readonly source: readonly ConditionDef[];

  /** @internal use {@link compileConditions}. */
  constructor(schema: Schema, data: Int32Array, tests: OpaqueTest[], source: ConditionDef[], sets: Int32Array = EMPTY_SETS) {
    this.schema = schema;
    this.data = data;
    this.sets = sets;
    this.length = data.length / 3;
    this.tests = tests;
    this.hasOpaque = tests.length > 0;
    this.source = source;
  }

  /** Readable form of condition `i`, e.g. `EnemyRange == Melee`. */
  describe(i: number): string {
    const d = this.data;
    const cell = d[i * 3];
    const op = d[i * 3 + 1];
    const arg = d[i * 3 + 2];
    if (op === CondOp.Opaque) return `${nameOf((this.source[i] as OpaqueCondition).opaque)}()`;
    const name = this.schema.nameOf(cell);
    if (op === CondOp.In || op === CondOp.InSet) {
      const members: string[] = [];
      for (let v = 0; v <= this.schema.max[cell]; v++)
        if (op === CondOp.In ? (arg >>> v) & 1 : inSet(this.sets, arg, v)) members.push(this.schema.format(cell, v));
      return `${name} in {${members.join(', ')}}`;
    }
    return `${name} ${OP_TEXT[op]} ${this.schema.format(cell, arg)}`;
  }

  /** The conditions as plain data (opaque ones by name only), for logs and snapshots. */
  toJSON(): unknown[] {
    return this.source.map((c) => ('opaque' in c ? { opaque: c.opaque } : c));
  }
}

const EMPTY_SETS = new Int32Array(0);

/**
 * True when value `v` is in the multi-word bitmask at `sets[at..]` (the operand of an `InSet` condition).
 * @example
 * const list = compileConditions(schema, [isIn(keys.Room, [3, 40])]);
 * inSet(list.sets, list.data[2], 40); // true
 */
export function inSet(sets: Int32Array, at: number, v: number): boolean {
  return ((sets[at + (v >>> 5)] >>> (v & 31)) & 1) === 1;
}

/** Shared empty list, for tasks and actions with no conditions. */
export function emptyConditions(schema: Schema): ConditionList {
  return new ConditionList(schema, new Int32Array(0), [], []);
}

/**
 * Compile conditions against a schema, once. Throws {@link UnknownKeyError},
 * {@link ValueRangeError} or {@link DefinitionError} naming the key and `where`.
 * @example
 * const conds = compileConditions(schema, [eq(keys.CanSeeEnemy, true), le(keys.TrunkHealth, 2)], 'task DoTrunkSlam');
 */
export function compileConditions(schema: Schema, defs: readonly ConditionDef[], where?: string): ConditionList {
  if (!Array.isArray(defs))
    throw new DefinitionError('BAD_CONDITIONS', String(where ?? ''), `Conditions${at(where)} must be an array, got ${describeValue(defs)}.`);
  const data = new Int32Array(defs.length * 3);
  const tests: OpaqueTest[] = [];
  const source: ConditionDef[] = [];
  const sets: number[] = [];
  defs.forEach((def, i) => {
    if (def && typeof def === 'object' && 'opaque' in def) {
      if (typeof def.test !== 'function') {
        throw new DefinitionError('BAD_OPAQUE', nameOf(def.opaque), `Opaque condition ${showValue(def.opaque)}${at(where)} has no test function.`);
      }
      data.set([0, CondOp.Opaque, tests.length], i * 3);
      tests.push(def.test);
      source.push(def);
      return;
    }
    if (def && typeof def === 'object' && 'key' in def && def.key === undefined) {
      // Plain JavaScript: `eq(keys.Misspelt, true)` passes an undefined key.
      throw new DefinitionError(
        'MISSING_KEY',
        String(where ?? ''),
        `Condition #${i}${at(where)} has no key (undefined): check the key's name in the schema's keys.`,
      );
    }
    const [cell, op, operand, normal] = compileCondition(schema, def as Condition, where);
    if (op === CondOp.InSet) {
      // A large enum: the mask goes to the list's set words.
      data.set([cell, op, sets.length], i * 3);
      const words = new Array<number>((schema.max[cell] >>> 5) + 1).fill(0);
      for (const v of normal.value as readonly number[]) words[v >>> 5] |= 1 << (v & 31);
      sets.push(...words);
    } else data.set([cell, op, operand], i * 3);
    source.push(normal);
  });
  return new ConditionList(schema, data, tests, source, sets.length > 0 ? Int32Array.from(sets) : EMPTY_SETS);
}

function compileCondition(schema: Schema, c: Condition, where?: string): [number, number, number, Condition] {
  if (!c || typeof c !== 'object' || c.key === undefined) {
    throw new DefinitionError('BAD_CONDITION', String(where ?? ''), `Malformed condition ${showValue(c)}${at(where)}.`);
  }
  // Own operators only: an object as op would throw converting to a property key, and 'toString' would find Object's.
  const op = typeof c.op === 'string' && Object.hasOwn(OP_CODES, c.op) ? OP_CODES[c.op] : undefined;
  if (op === undefined) throw new DefinitionError('BAD_OPERATOR', nameOf(c.key), `Unknown operator ${showValue(c.op)} on key "${nameOf(c.key)}"${at(where)}.`);
  const member = typeof c.key === 'string' ? schema.member(c.key) : undefined;
  if (member && typeof c.key === 'string') {
    // A merged-bool member read as a bool: `HasSword == true` is `Weapon == Sword`.
    if ((op !== CondOp.Eq && op !== CondOp.Ne) || typeof c.value !== 'boolean') {
      throw new DefinitionError('BAD_OPERATOR', c.key, `Merged-bool member "${c.key}"${at(where)} only supports == / != with a boolean.`);
    }
    const holds = (op === CondOp.Eq) === c.value;
    return [member.cell, holds ? CondOp.Eq : CondOp.Ne, member.value, { key: member.key, op: holds ? '==' : '!=', value: member.value }];
  }
  const cell = schema.cellOf(c.key, c.index ?? 0, where);
  const name = schema.nameOf(cell);
  const kind = schema.kind[cell];
  if (op === CondOp.In) {
    if (kind === KeyKind.Int) throw new DefinitionError('BAD_OPERATOR', name, `"in" needs an enum or bool key; "${name}"${at(where)} is an int.`);
    if (!Array.isArray(c.value) || c.value.length === 0) throw new ValueRangeError(name, c.value, 'a non-empty list of values', where);
    const values = (c.value as readonly unknown[]).map((v) => schema.encode(cell, v, where));
    // Enums of more than 32 values: the mask is written to the list's set words by the caller.
    if (schema.max[cell] >= 32) return [cell, CondOp.InSet, 0, { key: name, op: 'in', value: values }];
    let mask = 0;
    for (const v of values) mask |= 1 << v;
    return [cell, op, mask, { key: name, op: 'in', value: values }];
  }
  if (kind === KeyKind.Bool && op !== CondOp.Eq && op !== CondOp.Ne) {
    throw new DefinitionError('BAD_OPERATOR', name, `Operator ${c.op} is not defined on bool key "${name}"${at(where)}.`);
  }
  const value = schema.encode(cell, c.value, where);
  return [cell, op, value, { key: name, op: c.op, value: schema.decode(cell, value) }];
}

function at(where?: string): string {
  return where ? ` in ${where}` : '';
}

/**
 * Index of the first condition that fails on the state, or -1 when all hold.
 * Allocates nothing; opaque tests receive the state and `ctx`.
 * @example
 * const failed = firstFailing(conds, state);
 * if (failed >= 0) console.log(`fails: ${conds.describe(failed)}`);
 */
export function firstFailing(list: ConditionList, state: WorldState<any>, ctx?: unknown): number {
  const d = list.data;
  const v = state.values;
  for (let i = 0, j = 0; j < d.length; i++, j += 3) {
    const x = v[d[j]];
    const arg = d[j + 2];
    let ok: boolean;
    switch (d[j + 1]) {
      case 0:
        ok = x === arg;
        break;
      case 1:
        ok = x !== arg;
        break;
      case 2:
        ok = x < arg;
        break;
      case 3:
        ok = x <= arg;
        break;
      case 4:
        ok = x > arg;
        break;
      case 5:
        ok = x >= arg;
        break;
      case 6:
        ok = ((1 << x) & arg) !== 0;
        break;
      case 8:
        ok = inSet(list.sets, arg, x);
        break;
      default: {
        const answer = list.tests[arg](state, ctx);
        ok = answer === true;
        if (!ok && answer !== false) throw notABoolean(list, i, answer);
      }
    }
    if (!ok) return i;
  }
  return -1;
}

/** Cold path: an opaque check answered something other than `true` or `false` (1, "yes", a Promise). */
function notABoolean(list: ConditionList, i: number, answer: unknown): UserCodeError {
  const name = nameOf((list.source[i] as OpaqueCondition).opaque);
  const promise = answer !== null && typeof answer === 'object' && typeof (answer as { then?: unknown }).then === 'function';
  return new UserCodeError(
    'INVALID_CHECK',
    name,
    'condition',
    `The opaque check "${name}" answered ${promise ? 'with a Promise (checks answer synchronously: keep the asynchronous work in an operator or sensor)' : 'something other than true or false'}`,
    answer,
  );
}

/**
 * True when every condition holds on the state.
 * @example
 * if (checkConditions(conds, state)) console.log('DoTrunkSlam can run');
 */
export function checkConditions(list: ConditionList, state: WorldState<any>, ctx?: unknown): boolean {
  return firstFailing(list, state, ctx) < 0;
}
