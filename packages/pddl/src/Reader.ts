import { PddlError, type SourcePos } from './PddlError.js';
import { SUPPORTED_REQUIREMENTS, type PddlAtom, type PddlCost, type PddlLiteral } from './PddlDomain.js';
import type { Sexp, SexpList, SexpSymbol } from './readSexp.js';
import { SexpReader } from './SexpReader.js';

/** Constructs outside the fragment, named by the requirement a reader would expect for them. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  or: ':disjunctive-preconditions',
  imply: ':disjunctive-preconditions',
  exists: ':existential-preconditions',
  forall: ':universal-preconditions',
  when: ':conditional-effects',
  increase: ':numeric-fluents',
  decrease: ':numeric-fluents',
  assign: ':numeric-fluents',
  'scale-up': ':numeric-fluents',
  'scale-down': ':numeric-fluents',
  '<': ':numeric-fluents',
  '>': ':numeric-fluents',
  '<=': ':numeric-fluents',
  '>=': ':numeric-fluents',
  ':derived': ':derived-predicates',
  ':durative-action': ':durative-actions',
  ':constraints': ':constraints',
  either: 'either types',
};

/** The cost function of `:action-costs`. */
export const TOTAL_COST = 'total-cost';

/** The shared reading helpers of the domain and problem parsers: each error names file, line, column and symbol. @internal */
export class Reader extends SexpReader {
  fail(code: string, subject: string, message: string, at: SourcePos | null): never {
    throw new PddlError(code, subject, message, at, this.file);
  }

  unsupported(construct: string, at: SourcePos): never {
    const feature = UNSUPPORTED[construct];
    const why = feature && feature !== construct ? ` (it needs ${feature})` : '';
    this.fail('UNSUPPORTED', construct, `"${construct}" is not supported${why}: this reader implements STRIPS with ${SUPPORTED_REQUIREMENTS.join(', ')}.`, at);
  }

  isUnsupported(name: string): boolean {
    return Object.hasOwn(UNSUPPORTED, name);
  }

  requirement(x: Sexp, parent: SourcePos): string {
    const req = this.symbol(x, 'a requirement', parent);
    if (!SUPPORTED_REQUIREMENTS.includes(req.text)) {
      this.fail('UNSUPPORTED', req.text, `requirement "${req.text}" is not supported: this reader implements ${SUPPORTED_REQUIREMENTS.join(', ')}.`, req);
    }
    return req.text;
  }

  /** The constructs outside the fragment, where a name, type or term stands. */
  protected override refuse(name: string, at: SourcePos): void {
    if (Object.hasOwn(UNSUPPORTED, name)) this.unsupported(name, at);
  }

  /** A conjunction of literals (precondition or goal). */
  condition(x: Sexp, out: PddlLiteral[]): PddlLiteral[] {
    const l = this.list(x, 'a condition', x);
    if (l.items.length === 0) return out; // `()` is the empty conjunction
    const head = this.symbol(l.items[0], 'a condition', l);
    if (head.text === 'and') {
      for (const c of l.items.slice(1)) this.condition(c, out);
    } else if (head.text === 'not') {
      if (l.items.length !== 2) this.fail('SYNTAX', 'not', '"not" takes one atom.', l);
      const inner = this.list(l.items[1], 'an atom after "not"', l);
      const h = this.symbol(inner.items[0], 'an atom', inner);
      if (h.text === 'and' || h.text === 'not')
        this.fail('UNSUPPORTED', h.text, `"(not (${h.text} ...))" is not supported (it needs :disjunctive-preconditions): negate single atoms only.`, h);
      out.push({ atom: this.atom(inner), negated: true });
    } else {
      out.push({ atom: this.atom(l), negated: false });
    }
    return out;
  }

  /** An effect: adds, deletes and at most one `(increase (total-cost) x)`, which is returned. */
  effect(x: Sexp, add: PddlAtom[], del: PddlAtom[], cost: { value: PddlCost | null }): void {
    const l = this.list(x, 'an effect', x);
    if (l.items.length === 0) return;
    const head = this.symbol(l.items[0], 'an effect', l);
    if (head.text === 'and') {
      for (const c of l.items.slice(1)) this.effect(c, add, del, cost);
    } else if (head.text === 'not') {
      if (l.items.length !== 2) this.fail('SYNTAX', 'not', '"not" takes one atom.', l);
      del.push(this.atom(this.list(l.items[1], 'an atom after "not"', l)));
    } else if (head.text === 'increase') {
      cost.value = this.costIncrease(l, cost.value !== null);
    } else {
      if (head.text === '=') this.fail('SYNTAX', '=', 'an effect cannot assert equality.', head);
      add.push(this.atom(l));
    }
  }

  private costIncrease(l: SexpList, twice: boolean): PddlCost {
    const target = l.items[1];
    const isTotal = target?.kind === 'list' && target.items.length === 1 && target.items[0].kind === 'symbol' && target.items[0].text === TOTAL_COST;
    if (!isTotal) this.unsupported('increase', l);
    if (twice) this.fail('SYNTAX', TOTAL_COST, 'an action increases (total-cost) twice.', l);
    if (l.items.length !== 3) this.fail('SYNTAX', 'increase', '"increase" takes (total-cost) and an amount.', l);
    const amount = l.items[2];
    if (amount.kind === 'symbol') {
      const value = Number(amount.text);
      if (!Number.isFinite(value) || value < 0) this.fail('SYNTAX', amount.text, `an action cost must be a number >= 0, got "${amount.text}".`, amount);
      return { value };
    }
    const fn = this.symbol(amount.items[0], 'a cost function name', amount);
    if (Object.hasOwn(UNSUPPORTED, fn.text)) this.unsupported(fn.text, fn);
    const args = amount.items.slice(1).map((a) => this.symbol(a, 'a parameter or constant', amount).text);
    return { fn: fn.text, args };
  }
}

/** The keyword heading a section. @internal */
export const keyword = (s: SexpList): SexpSymbol => s.items[0] as SexpSymbol;
