import { DualplanError } from '@dualplan/world-state';

/** Where an HDDL construct or plan line starts: 1-based line and column. */
export interface HddlPos {
  readonly line: number;
  readonly column: number;
}

/**
 * An HDDL file, plan or grounding that cannot be read, compiled or verified. `code` says what kind
 * (`SYNTAX`, `UNSUPPORTED`, `UNKNOWN_NAME`, `ARITY`, `TYPE`, `DUPLICATE`, `TOO_DEEP`, `TOO_LARGE`, `NOT_TOTAL_ORDER`,
 * `UNSOLVABLE`, `EXPORT`), `subject` the offending construct, and `file`/`line`/`column` where it is
 * (0 when the error is about the file or task as a whole).
 * @example
 * try { parseHddlDomain('(define (domain d) (:bogus))', 'd.hddl'); } catch (e) { if (e instanceof HddlError) console.log(e.code, e.line); }
 */
export class HddlError extends DualplanError {
  readonly file: string;
  readonly line: number;
  readonly column: number;

  constructor(code: string, subject: string, message: string, pos: HddlPos | null, file = '') {
    const where = pos ? `${file || 'hddl'}:${pos.line}:${pos.column}: ` : file ? `${file}: ` : '';
    super(code, subject, where + message);
    this.file = file;
    this.line = pos?.line ?? 0;
    this.column = pos?.column ?? 0;
  }
}
