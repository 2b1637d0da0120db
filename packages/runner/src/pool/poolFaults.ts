import { UserCodeError, type PlainOutcome } from '@dualplan/world-state';

/** @internal What a worker threw or caught, as plain data (an Error does not keep its class through a message). */
export interface PlainThrown {
  readonly name: string;
  readonly message: string;
  /** A `DualplanError`'s code and subject, when it was one. */
  readonly code?: string;
  readonly subject?: string;
}

/** @internal A fault a worker's search contained ({@link UserCodeError}) as plain data. */
export interface PlainFault {
  readonly code: string;
  readonly subject: string;
  readonly where: string;
  readonly context: string;
  readonly cause: PlainThrown;
}

/**
 * @internal An answer that is not interned: the planner threw (`thrown`), or
 * its search contained faults (`outcome` with `faults`). Rare, so it travels
 * as a structured clone.
 */
export type InlineAnswer = { readonly thrown: PlainThrown } | { readonly outcome: PlainOutcome; readonly faults: readonly PlainFault[] };

/** @internal `thrown` as plain data. */
export function plainThrown(thrown: unknown): PlainThrown {
  if (thrown instanceof Error) {
    const { code, subject } = thrown as { code?: unknown; subject?: unknown };
    return { name: thrown.name, message: thrown.message, ...(typeof code === 'string' ? { code } : {}), ...(typeof subject === 'string' ? { subject } : {}) };
  }
  let message: string;
  try {
    message = String(thrown);
  } catch {
    message = 'an unprintable value';
  }
  return { name: 'Error', message: `non-Error thrown: ${message}` };
}

/** @internal A worker's faults as plain data. */
export function plainFaults(faults: readonly UserCodeError[]): PlainFault[] {
  return faults.map((f) => ({ code: f.code, subject: f.subject, where: f.where, context: f.context, cause: plainThrown(f.cause) }));
}

/**
 * @internal What the worker threw, on the main thread: an Error of the same
 * name and message (and code and subject), so the fault report reads as it
 * would have had the planner thrown there.
 */
export function revivedThrown(p: PlainThrown): Error {
  const e = new Error(p.message);
  e.name = p.name;
  if (p.code !== undefined) Object.assign(e, { code: p.code, subject: p.subject });
  return e;
}

/** @internal The faults of a worker's search as the main thread's {@link UserCodeError}s. */
export function revivedFaults(faults: readonly PlainFault[]): UserCodeError[] {
  return faults.map((f) => new UserCodeError(f.code, f.subject, f.where, f.context, revivedThrown(f.cause)));
}
