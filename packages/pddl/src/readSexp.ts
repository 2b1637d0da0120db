import { PddlError } from './PddlError.js';

/** A symbol of a PDDL file, lower-cased (PDDL names are case-insensitive), with its position. */
export interface SexpSymbol {
  readonly kind: 'symbol';
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/** A parenthesised list, with the position of its `(`. */
export interface SexpList {
  readonly kind: 'list';
  readonly items: readonly Sexp[];
  readonly line: number;
  readonly column: number;
}

/** One node of a parsed s-expression: a symbol, or a parenthesised list of nodes. */
export type Sexp = SexpSymbol | SexpList;

/** Bounds on what {@link readSexp} accepts. */
export interface SexpLimits {
  /** Most lists open at once (default {@link MAX_SEXP_NESTING}); deeper nesting fails with code `TOO_DEEP`. */
  readonly maxDepth?: number;
  /** Most characters of text (default: no limit); longer text fails with code `TOO_LARGE` before it is read. */
  readonly maxLength?: number;
}

/**
 * How deeply lists may nest in a PDDL file. Real domains nest a dozen levels;
 * the bound keeps every parser that walks the tree by recursion far from the
 * call stack's limit, so a hostile file gets a typed error, not a stack overflow.
 */
export const MAX_SEXP_NESTING = 256;

/**
 * Read one s-expression (a whole PDDL `define`) from text. `;` starts a comment
 * to the end of the line. Errors name the line and column of the unbalanced
 * parenthesis, stray text, a list nested deeper than `limits.maxDepth` (default
 * {@link MAX_SEXP_NESTING}; code `TOO_DEEP`) or a text longer than `limits.maxLength`
 * (unbounded by default; code `TOO_LARGE`).
 * @example
 * readSexp('(define (domain d))').kind; // 'list'
 * readSexp('(((x)))', 'f.pddl', { maxDepth: 2 }); // throws TOO_DEEP at f.pddl:1:3
 */
export function readSexp(text: string, file = '', limits: SexpLimits = {}): SexpList {
  const maxDepth = limits.maxDepth ?? MAX_SEXP_NESTING;
  if (limits.maxLength !== undefined && text.length > limits.maxLength) {
    throw new PddlError('TOO_LARGE', file, `the text has ${text.length} characters, more than the limit of ${limits.maxLength}.`, null, file);
  }
  const stack: { items: Sexp[]; line: number; column: number }[] = [];
  let top: SexpList | null = null;
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (ch === '\n') {
      line++;
      lineStart = ++i;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f') {
      i++;
      continue;
    }
    const column = i - lineStart + 1;
    if (ch === ';') {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (top) throw new PddlError('SYNTAX', text.slice(i, i + 16), `text after the end of the definition: "${text.slice(i, i + 16)}".`, { line, column }, file);
    if (ch === '(') {
      if (stack.length >= maxDepth) throw new PddlError('TOO_DEEP', '(', `lists nest more than ${maxDepth} deep here.`, { line, column }, file);
      stack.push({ items: [], line, column });
      i++;
      continue;
    }
    if (ch === ')') {
      const open = stack.pop();
      if (!open) throw new PddlError('SYNTAX', ')', 'unbalanced ")".', { line, column }, file);
      const list: SexpList = { kind: 'list', items: open.items, line: open.line, column: open.column };
      if (stack.length === 0) top = list;
      else stack[stack.length - 1].items.push(list);
      i++;
      continue;
    }
    let j = i;
    while (j < n && !' \t\r\n\f();'.includes(text[j])) j++;
    const word = text.slice(i, j).toLowerCase();
    if (stack.length === 0) throw new PddlError('SYNTAX', word, `expected "(" but found "${word}".`, { line, column }, file);
    stack[stack.length - 1].items.push({ kind: 'symbol', text: word, line, column });
    i = j;
  }
  if (stack.length > 0) {
    const open = stack[stack.length - 1];
    throw new PddlError('SYNTAX', '(', `unclosed "(" (the file ends inside it).`, { line: open.line, column: open.column }, file);
  }
  if (!top) throw new PddlError('SYNTAX', '', 'the file is empty: expected "(define ...)".', { line, column: 1 }, file);
  return top;
}
