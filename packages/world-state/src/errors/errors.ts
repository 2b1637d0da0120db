import { showValue } from './describeValue.js';
import { didYouMean } from './didYouMean.js';

/**
 * Every error dualplan throws for bad input is a {@link DualplanError} with a
 * machine-readable `code` and the name of the offending key, task or action in
 * `subject`, so tools can point at the definition that needs fixing.
 * @example
 * try {
 *   createState(schema, { CanSeeEnemey: true });
 * } catch (e) {
 *   if (e instanceof DualplanError) console.log(e.code, e.subject); // UNKNOWN_KEY CanSeeEnemey
 * }
 */
export class DualplanError extends Error {
  /** Stable error code, e.g. `UNKNOWN_KEY`. */
  readonly code: string;
  /** The key, task, action or operator the error is about. */
  readonly subject: string;

  constructor(code: string, subject: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.subject = subject;
  }
}

/** A schema definition is invalid: duplicate key, empty enum, `min > max`, bad default. */
export class SchemaError extends DualplanError {}

/** A key name or index that is not in the schema. */
export class UnknownKeyError extends DualplanError {
  constructor(key: string, where?: string, candidates: Iterable<string> = []) {
    super('UNKNOWN_KEY', key, `Unknown key "${key}"${where ? ` in ${where}` : ''}: it is not declared in the schema.${didYouMean(key, candidates)}`);
  }
}

/**
 * A key handle made by another schema: used here it would silently land on an
 * unrelated cell. Names the key, its schema and the schema it was used with.
 */
export class ForeignKeyError extends DualplanError {
  constructor(key: string, from: string, used: string, where?: string) {
    super(
      'KEY_FROM_OTHER_SCHEMA',
      key,
      `Key "${key}" of ${from} is used${where ? ` in ${where}` : ''} with ${used}: key handles belong to the schema that made them.`,
    );
  }
}

/** A value that is out of a key's declared range, or of the wrong kind. */
export class ValueRangeError extends DualplanError {
  constructor(key: string, value: unknown, expected: string, where?: string) {
    super('VALUE_OUT_OF_RANGE', key, `Value ${showValue(value)} for key "${key}"${where ? ` in ${where}` : ''} is invalid: expected ${expected}.`);
  }
}

/** A condition or effect that cannot be compiled (bad operator, operator not valid for the key kind). */
export class DefinitionError extends DualplanError {}

/** A snapshot that does not match the schema. */
export class SnapshotError extends DualplanError {}
