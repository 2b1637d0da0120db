import { DualplanError } from '@dualplan/world-state';

/** One thing wrong with a document, at a JSON pointer into it (`/actions/3/effects/0/key`). */
export interface DocumentProblem {
  /** JSON pointer of the offending value; `''` is the whole document. */
  readonly path: string;
  /** Stable code, e.g. `UNKNOWN_KEY`, `UNKNOWN_TASK`, `SCHEMA`. */
  readonly code: string;
  /** The offending name: key, task, action, goal, function or field. */
  readonly subject: string;
  /** Readable message, starting with the path. */
  readonly message: string;
}

/**
 * A domain document that cannot be loaded. `problems` lists every problem found
 * (structure first, then names); `code`, `subject` and `path` are the first one's.
 * @example
 * try { loadDomain(json, registry); } catch (e) {
 *   if (e instanceof DomainDocumentError) for (const p of e.problems) console.error(p.message);
 * }
 */
export class DomainDocumentError extends DualplanError {
  readonly path: string;
  readonly problems: readonly DocumentProblem[];

  constructor(problems: readonly DocumentProblem[]) {
    const first = problems[0];
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    super(first.code, first.subject, first.message + more);
    this.path = first.path;
    this.problems = problems;
  }
}

/** A problem record with its message prefixed by the path. */
export function problem(path: string, code: string, subject: string, message: string): DocumentProblem {
  return { path, code, subject, message: `${path || '/'}: ${message}` };
}

/** Append a JSON pointer segment, escaping `~` and `/`. */
export function pointer(base: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>((p, s) => `${p}/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`, base);
}
