import { nameOf, showValue } from '../errors/describeValue.js';
import { SchemaError } from '../errors/errors.js';
import type { BoolSpec, KeySpec } from './KeySpec.js';

/**
 * The most values an enum (or merged-bool) key may have. An `in` condition on an
 * enum of up to 32 values is one 32-bit mask; on a larger one it is a bitmask of
 * several words (see `ConditionList.sets`).
 */
export const MAX_ENUM_VALUES = 1024;

/**
 * Check one key declaration of a schema, throwing a {@link SchemaError} that names the key and the field at fault
 * (a bad name, slot count, enum values, range, default or edge policy).
 * @example
 * validateKeySpec('hunger', int(0, 10)); // passes
 */
export function validateKeySpec(name: string, spec: KeySpec): void {
  const fail = (code: string, msg: string): never => {
    throw new SchemaError(code, nameOf(name), `Key "${nameOf(name)}": ${msg}`);
  };
  if (typeof name !== 'string' || name === '' || /[[\]]/.test(name)) fail('BAD_KEY_NAME', 'a key name must be a non-empty string without brackets.');
  // Handles (`schema.keys`) and snapshots are plain objects keyed by key name, where `__proto__` would name the prototype.
  if (name === '__proto__') fail('BAD_KEY_NAME', '"__proto__" cannot name a key: schema.keys and snapshots are objects keyed by key name. Rename the key.');
  if (!spec || typeof spec !== 'object') fail('BAD_KEY_SPEC', 'expected a key spec made by bool(), enumOf(), mergedBools() or int().');
  if (!Number.isInteger(spec.slots) || spec.slots < 1) fail('BAD_SLOTS', `slots must be an integer >= 1, got ${showValue(spec.slots)}.`);
  switch (spec.kind) {
    case 'bool':
      if (typeof (spec as BoolSpec).default !== 'boolean') fail('DEFAULT_OUT_OF_RANGE', `default ${showValue(spec.default)} is not a boolean.`);
      return;
    case 'enum': {
      if (spec.problem) fail('BAD_ENUM', spec.problem + '.');
      if (!Array.isArray(spec.names) || spec.names.some((n) => typeof n !== 'string' || n === '')) fail('BAD_ENUM', 'value names must be non-empty strings.');
      if (spec.names.length === 0) fail('EMPTY_ENUM', 'the enum has no values.');
      if (spec.names.length > MAX_ENUM_VALUES) fail('ENUM_TOO_LARGE', `${spec.names.length} values; at most ${MAX_ENUM_VALUES} are supported.`);
      if (new Set(spec.names).size !== spec.names.length) fail('DUPLICATE_ENUM_VALUE', `duplicate value names in ${spec.names.join(', ')}.`);
      if (!Number.isInteger(spec.default) || spec.default < 0 || spec.default >= spec.names.length) {
        fail('DEFAULT_OUT_OF_RANGE', `default ${showValue(spec.default)} is not a value of the enum: expected one of ${enumChoices(spec.names)}.`);
      }
      return;
    }
    case 'int':
      if (!Number.isInteger(spec.min) || !Number.isInteger(spec.max) || spec.min < -0x80000000 || spec.max > 0x7fffffff) {
        fail('BAD_RANGE', `range [${showValue(spec.min)}, ${showValue(spec.max)}] must be 32-bit integers.`);
      }
      if (spec.min > spec.max) fail('MIN_GREATER_THAN_MAX', `min ${spec.min} > max ${spec.max}.`);
      if (!Number.isInteger(spec.default) || spec.default < spec.min || spec.default > spec.max) {
        fail('DEFAULT_OUT_OF_RANGE', `default ${showValue(spec.default)} is outside [${spec.min}, ${spec.max}].`);
      }
      if (spec.edge !== 'clamp' && spec.edge !== 'error') fail('BAD_EDGE_POLICY', `edge policy must be 'clamp' or 'error'.`);
      return;
    default:
      return fail('BAD_KEY_SPEC', `unknown kind ${showValue((spec as { kind: unknown }).kind)}.`);
  }
}

/** An enum's values for messages, each with its number: `calm (0), angry (1), sad (2)`; long enums are cut after 20. */
export function enumChoices(names: readonly string[]): string {
  const shown = names.slice(0, 20).map((n, i) => `${n} (${i})`);
  return names.length > 20 ? `${shown.join(', ')}, … (${names.length} values)` : shown.join(', ');
}
