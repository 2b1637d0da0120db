import { didYouMean } from './didYouMean.js';
import { DualplanError } from './errors.js';

/** A definition object has a field its reader does not know (often a misspelling or another planner's field name). */
export class UnknownFieldError extends DualplanError {
  constructor(field: string, where: string, allowed: readonly string[]) {
    super('UNKNOWN_FIELD', field, `Unknown field "${field}" in ${where}.${didYouMean(field, allowed)} Allowed: ${allowed.join(', ')}.`);
  }
}

/**
 * Reject fields of a plain definition object that its reader would silently
 * ignore, naming the field, where it is and the closest allowed name. Run once
 * when a definition is compiled, never on a hot path.
 * @example
 * checkFields({ name: 'chop', preconditions: [] }, ['name', 'conditions', 'effects'], 'action "chop"');
 * // throws UnknownFieldError: Unknown field "preconditions" in action "chop". ...
 */
export function checkFields(obj: object, allowed: readonly string[], where: string): void {
  for (const field of Object.keys(obj)) {
    if (!allowed.includes(field)) throw new UnknownFieldError(field, where, allowed);
  }
}
