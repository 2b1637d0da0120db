import type { SourcePos } from './PddlError.js';
import type { PddlAtom, TypedName } from './PddlDomain.js';
import { readSexp, type Sexp, type SexpList, type SexpSymbol } from './readSexp.js';

/**
 * Reading helpers for a language of the PDDL family over {@link readSexp}'s tree: lists, symbols, typed
 * lists, atoms and the `(define (KIND name) sections...)` frame. Every error goes through the subclass's
 * {@link SexpReader.fail}, which names the file, line and column; {@link SexpReader.refuse} lets it refuse
 * constructs it does not support where a name, type or term stands. The PDDL and HDDL readers extend it.
 * @example
 * class MyReader extends SexpReader {
 *   fail(code: string, subject: string, message: string): never { throw new Error(`${code} ${subject}: ${message}`); }
 * }
 * new MyReader('d.pddl').define('(define (domain d))', 'domain').name; // 'd'
 */
export abstract class SexpReader {
  constructor(readonly file: string) {}

  /** Throw this language's error for the construct at `at` (null: the file as a whole). */
  abstract fail(code: string, subject: string, message: string, at: SourcePos | null): never;

  /** Refuse the construct `name` heading a list where a name, type or term was expected; the default refuses none. */
  protected refuse(_name: string, _at: SourcePos): void {}

  /** The top list of `text`; a subclass passes its own limits or converts errors. */
  protected readTop(text: string): SexpList {
    return readSexp(text, this.file);
  }

  /** `x` as a list, else a `SYNTAX` error saying `what` was expected (at `parent` when `x` is missing). */
  list(x: Sexp | undefined, what: string, parent: SourcePos): SexpList {
    if (!x) this.fail('SYNTAX', what, `expected ${what}.`, parent);
    if (x.kind !== 'list') this.fail('SYNTAX', x.text, `expected ${what} but found "${x.text}".`, x);
    return x;
  }

  /** `x` as a symbol, else a `SYNTAX` error saying `what` was expected (at `parent` when `x` is missing). */
  symbol(x: Sexp | undefined, what: string, parent: SourcePos): SexpSymbol {
    if (!x) this.fail('SYNTAX', what, `expected ${what}.`, parent);
    if (x.kind !== 'symbol') this.fail('SYNTAX', what, `expected ${what} but found a list.`, x);
    return x;
  }

  /** `a b - t c` → typed names; untyped names are `object`. */
  typedList(items: readonly Sexp[]): TypedName[] {
    const out: TypedName[] = [];
    let pending: SexpSymbol[] = [];
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (it.kind === 'list') {
        this.refuseHead(it);
        this.fail('SYNTAX', 'typed list', 'expected a name in a typed list but found a list.', it);
      }
      if (it.text === '-') {
        const type = items[i + 1];
        if (type?.kind === 'list') this.refuseHead(type);
        const t = this.symbol(type, 'a type after "-"', it);
        if (pending.length === 0) this.fail('SYNTAX', t.text, `type "${t.text}" names no items.`, it);
        for (const p of pending) out.push({ name: p.text, type: t.text, line: p.line, column: p.column });
        pending = [];
        i++;
      } else pending.push(it);
    }
    for (const p of pending) out.push({ name: p.text, type: 'object', line: p.line, column: p.column });
    return out;
  }

  /** `(pred arg...)` with names as arguments (a nested term is refused). */
  atom(x: SexpList): PddlAtom {
    const head = this.symbol(x.items[0], 'a predicate name', x);
    this.refuse(head.text, head);
    const args = x.items.slice(1).map((a) => {
      if (a.kind === 'list') {
        this.refuseHead(a);
        this.fail('UNSUPPORTED', head.text, `nested term in "(${head.text} ...)": object functions are not supported.`, a);
      }
      return a.text;
    });
    return { pred: head.text, args, line: x.line, column: x.column };
  }

  /** `(define (KIND name) sections...)`: the name and the sections, each headed by a keyword (`example` shows one). */
  define(text: string, kind: 'domain' | 'problem', example: string): { name: string; sections: SexpList[]; top: SexpList } {
    const top = this.readTop(text);
    const d = this.symbol(top.items[0], '"define"', top);
    if (d.text !== 'define') this.fail('SYNTAX', d.text, `expected "define" but found "${d.text}".`, d);
    const header = this.list(top.items[1], `(${kind} NAME)`, top);
    const k = this.symbol(header.items[0], kind, header);
    if (k.text !== kind) this.fail('SYNTAX', k.text, `expected a ${kind} definition but found "${k.text}".`, k);
    const name = this.symbol(header.items[1], `the ${kind} name`, header).text;
    const sections = top.items.slice(2).map((s) => this.list(s, `a section such as ${example}`, top));
    for (const s of sections) this.symbol(s.items[0], 'a section keyword', s);
    return { name, sections, top };
  }

  private refuseHead(l: SexpList): void {
    const h = l.items[0];
    if (h?.kind === 'symbol') this.refuse(h.text, h);
  }
}
