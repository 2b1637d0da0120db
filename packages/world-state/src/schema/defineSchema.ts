import { describeValue, showValue } from '../errors/describeValue.js';
import { SchemaError } from '../errors/errors.js';
import { didYouMean } from '../errors/didYouMean.js';
import { bool, enumOf, int, mergedBools, type EdgePolicy, type KeySpec } from './KeySpec.js';
import { Schema, type SchemaSpec } from './Schema.js';

type EnumKeys<E> = Extract<{ [K in keyof E]: E[K] extends number ? K : never }[keyof E], string>;

/**
 * Define a world-state schema.
 *
 * With one argument, keys are an `as const`-style object and cells are assigned
 * in declaration order. With a TypeScript numeric enum first, each key's cell is
 * its enum value, so `Ws.CanSeeEnemy` can be used directly as a key; a key with
 * N slots needs the next enum member N values later.
 *
 * Throws {@link SchemaError} naming the key for duplicate keys, empty enums,
 * `min > max` and defaults out of range.
 *
 * @example
 * enum Range { Melee, Viewable, Far, OutOfRange }
 * const schema = defineSchema({
 *   CanSeeEnemy: bool(),
 *   EnemyRange: enumOf(Range, Range.OutOfRange),
 *   TrunkHealth: int(0, 3),
 * });
 * const state = createState(schema);
 * state.set(schema.keys.EnemyRange, Range.Melee);
 */
export function defineSchema<const S extends SchemaSpec>(spec: S): Schema<S>;
export function defineSchema<E extends Record<string, string | number>, const S extends { readonly [K in EnumKeys<E>]: KeySpec }>(
  keyEnum: E,
  spec: S,
): Schema<S>;
export function defineSchema(a: SchemaSpec | Record<string, string | number>, b?: SchemaSpec): Schema {
  if (!isRecord(a)) throw new SchemaError('BAD_SCHEMA', '', `defineSchema needs an object of key specs, got ${describeValue(a)}.`);
  if (b !== undefined && !isRecord(b))
    throw new SchemaError('BAD_SCHEMA', '', `defineSchema(keyEnum, spec) needs an object of key specs, got ${describeValue(b)}.`);
  if (b === undefined) return new Schema(Object.entries(a as SchemaSpec));
  const keyEnum = a as Record<string, string | number>;
  const entries: Array<[string, KeySpec, number]> = [];
  for (const [name, value] of Object.entries(keyEnum)) {
    if (/^\d+$/.test(name) && typeof value === 'string') continue; // TS reverse mapping
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new SchemaError('BAD_KEY_ENUM', name, `Key enum member "${name}" must be an integer >= 0, got ${showValue(value)}.`);
    }
    const spec = b[name];
    if (!spec) throw new SchemaError('MISSING_KEY_SPEC', name, `Key "${name}" is in the key enum but has no spec.`);
    entries.push([name, spec, value]);
  }
  for (const name of Object.keys(b)) {
    if (!entries.some(([n]) => n === name)) throw new SchemaError('UNKNOWN_KEY_SPEC', name, `Key "${name}" has a spec but is not in the key enum.`);
  }
  entries.sort((x, y) => x[2] - y[2]);
  return new Schema(entries);
}

/** A key in the plain-data (JSON) schema form. */
export type KeyDefinition =
  | { name: string; kind: 'bool'; default?: boolean; slots?: number }
  | { name: string; kind: 'enum' | 'merged'; values: string[]; default?: string | number; slots?: number }
  | { name: string; kind: 'int'; min: number; max: number; default?: number; edge?: EdgePolicy; slots?: number };

/**
 * Define a schema from plain data, e.g. loaded from a JSON file. Same validation
 * as {@link defineSchema}; duplicate names are reported.
 * @example
 * const schema = schemaFromData([
 *   { name: 'CanSeeEnemy', kind: 'bool' },
 *   { name: 'Weapon', kind: 'merged', values: ['Sword', 'Bow', 'Unarmed'], default: 'Unarmed' },
 * ]);
 */
export function schemaFromData(keys: readonly KeyDefinition[]): Schema {
  if (!Array.isArray(keys)) throw new SchemaError('BAD_SCHEMA', '', `schemaFromData needs an array of key definitions, got ${describeValue(keys)}.`);
  return new Schema(
    keys.map((k, i): [string, KeySpec] => {
      if (!isRecord(k)) throw new SchemaError('BAD_KEY_SPEC', String(i), `Key definition #${i} must be an object, got ${describeValue(k)}.`);
      if (typeof k.name !== 'string')
        throw new SchemaError('BAD_KEY_SPEC', String(i), `Key definition #${i} needs a string name, got ${describeValue(k.name)}.`);
      const slots = { slots: k.slots ?? 1 };
      switch (k.kind) {
        case 'bool':
          return [k.name, bool(k.default ?? false, slots)];
        case 'int':
          return [k.name, int(k.min, k.max, k.default ?? k.min, { ...slots, edge: k.edge ?? 'clamp' })];
        case 'enum':
        case 'merged': {
          const values = k.values ?? [];
          if (!Array.isArray(values))
            throw new SchemaError('BAD_KEY_SPEC', k.name, `Key "${k.name}": values must be an array of names, got ${describeValue(values)}.`);
          const def = typeof k.default === 'string' ? values.indexOf(k.default) : (k.default ?? 0);
          if (typeof k.default === 'string' && def < 0) {
            const known = values.filter((v): v is string => typeof v === 'string');
            throw new SchemaError(
              'DEFAULT_OUT_OF_RANGE',
              k.name,
              `Key "${k.name}": default ${showValue(k.default)} is not one of its values (${known.slice(0, 20).join(', ')}${known.length > 20 ? ', …' : ''}).${didYouMean(k.default, known)}`,
            );
          }
          return [k.name, (k.kind === 'merged' ? mergedBools : enumOf)(values, def, slots)];
        }
        default:
          throw new SchemaError(
            'BAD_KEY_SPEC',
            String((k as { name?: unknown }).name),
            `Key "${String((k as { name?: unknown }).name)}": unknown kind ${showValue((k as { kind?: unknown }).kind)}.`,
          );
      }
    }),
  );
}

function isRecord(x: unknown): x is Record<string, any> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
