import { PddlError } from './PddlError.js';

/** Run `f`, expect a {@link PddlError}, and return it. @internal */
export function pddlErrorOf(f: () => unknown): PddlError {
  try {
    f();
  } catch (e) {
    if (e instanceof PddlError) return e;
    throw e;
  }
  throw new Error('expected a PddlError, but nothing was thrown');
}
