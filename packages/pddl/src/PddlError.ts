import { DualplanError } from '@dualplan/world-state';

/** Where a PDDL construct starts: 1-based line and column, and the file name when given. */
export interface SourcePos {
  readonly line: number;
  readonly column: number;
}

/**
 * A PDDL file that cannot be read or grounded. `subject` is the offending
 * construct (`:conditional-effects`, `forall`, a predicate or type name);
 * `line`/`column` point at it (0 when the error is about the task as a whole).
 * Codes: `SYNTAX`, `UNSUPPORTED`, `UNKNOWN_NAME`, `ARITY`, `TYPE` (an object of the
 * wrong type), `UNREACHABLE_GOAL`, `TOO_LARGE` (grounding past its action budget).
 * @example
 * try { parseDomain(text); } catch (e) { if (e instanceof PddlError) console.log(e.line, e.subject); }
 */
export class PddlError extends DualplanError {
  readonly line: number;
  readonly column: number;
  readonly file: string;

  constructor(code: string, subject: string, message: string, pos: SourcePos | null, file = '') {
    const where = pos ? `${file || 'pddl'}:${pos.line}:${pos.column}: ` : file ? `${file}: ` : '';
    super(code, subject, where + message);
    this.line = pos?.line ?? 0;
    this.column = pos?.column ?? 0;
    this.file = file;
  }
}
