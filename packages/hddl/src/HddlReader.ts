import { PddlError, readSexp, SexpReader, type Sexp, type SexpList, type SexpSymbol } from '@dualplan/pddl';
import { HddlError, type HddlPos } from './HddlError.js';
import type { HddlEffect, HddlFormula, HddlNetwork, HddlSubtask } from './HddlModel.js';

/** Bounds on what the reader accepts. */
export interface HddlLimits {
  /** Most lists open at once (default 256). */
  readonly maxDepth?: number;
  /** Most characters in one file (default 32 MiB). */
  readonly maxLength?: number;
}

/** The shared reading helpers of the domain and problem readers; every error names file, line and column. @internal */
export class HddlReader extends SexpReader {
  constructor(
    file: string,
    readonly limits: HddlLimits = {},
  ) {
    super(file);
  }

  fail(code: string, subject: string, message: string, at: HddlPos | null): never {
    throw new HddlError(code, subject, message, at, this.file);
  }

  /** `(either ...)` types are outside what the compiler grounds. */
  protected override refuse(name: string, at: HddlPos): void {
    if (name === 'either') this.fail('UNSUPPORTED', 'either', `"(either ...)" types are not supported.`, at);
  }

  /** Within this reader's limits; a syntax error becomes an {@link HddlError}. */
  protected override readTop(text: string): SexpList {
    try {
      return readSexp(text, this.file, { maxDepth: this.limits.maxDepth ?? 256, maxLength: this.limits.maxLength ?? 32 * 1024 * 1024 });
    } catch (e) {
      if (e instanceof PddlError) throw new HddlError(e.code, e.subject, e.message.slice(e.message.indexOf(': ') + 2), e.line ? e : null, this.file);
      throw e;
    }
  }

  /** A precondition, constraint or goal; `()` and `(and)` are null (true). */
  formula(x: Sexp): HddlFormula | null {
    const l = this.list(x, 'a formula', x);
    if (l.items.length === 0) return null;
    const head = this.symbol(l.items[0], 'a formula', l);
    const rest = l.items.slice(1);
    switch (head.text) {
      case 'and':
      case 'or': {
        const args = rest.map((r) => this.formula(r)).filter((f): f is HddlFormula => f !== null);
        if (head.text === 'and' && args.length === 1) return args[0];
        return head.text === 'and' && args.length === 0 ? null : { kind: head.text, args };
      }
      case 'not': {
        if (rest.length !== 1) this.fail('SYNTAX', 'not', '"not" takes one formula.', l);
        const arg = this.formula(rest[0]);
        if (arg === null) this.fail('SYNTAX', 'not', '"(not ())" is always false: write a formula inside.', l);
        return { kind: 'not', arg };
      }
      case 'imply': {
        if (rest.length !== 2) this.fail('SYNTAX', 'imply', '"imply" takes two formulas.', l);
        const [a, b] = rest.map((r) => this.formula(r) ?? { kind: 'and' as const, args: [] });
        return { kind: 'imply', args: [a, b] };
      }
      case 'forall':
      case 'exists': {
        if (rest.length !== 2) this.fail('SYNTAX', head.text, `"${head.text}" takes a parameter list and a formula.`, l);
        const params = this.typedList(this.list(rest[0], 'a parameter list', l).items);
        const body = this.formula(rest[1]) ?? { kind: 'and' as const, args: [] };
        return { kind: head.text, params, body };
      }
      default:
        return { kind: 'atom', atom: this.atom(l) };
    }
  }

  /** An effect: adds, deletes, `forall` and `when`. */
  effect(x: Sexp, out: HddlEffect[]): HddlEffect[] {
    const l = this.list(x, 'an effect', x);
    if (l.items.length === 0) return out;
    const head = this.symbol(l.items[0], 'an effect', l);
    const rest = l.items.slice(1);
    if (head.text === 'and') for (const c of rest) this.effect(c, out);
    else if (head.text === 'not') {
      if (rest.length !== 1) this.fail('SYNTAX', 'not', '"not" takes one atom.', l);
      out.push({ kind: 'del', atom: this.atom(this.list(rest[0], 'an atom after "not"', l)) });
    } else if (head.text === 'forall') {
      if (rest.length !== 2) this.fail('SYNTAX', 'forall', '"forall" takes a parameter list and an effect.', l);
      out.push({ kind: 'forall', params: this.typedList(this.list(rest[0], 'a parameter list', l).items), body: this.effect(rest[1], []) });
    } else if (head.text === 'when') {
      if (rest.length !== 2) this.fail('SYNTAX', 'when', '"when" takes a condition and an effect.', l);
      out.push({ kind: 'when', condition: this.formula(rest[0]) ?? { kind: 'and', args: [] }, body: this.effect(rest[1], []) });
    } else if (['increase', 'decrease', 'assign', 'scale-up', 'scale-down'].includes(head.text)) {
      this.fail('UNSUPPORTED', head.text, `"${head.text}" (numeric fluents) is not supported.`, head);
    } else {
      if (head.text === '=') this.fail('SYNTAX', '=', 'an effect cannot assert equality.', head);
      out.push({ kind: 'add', atom: this.atom(l) });
    }
    return out;
  }

  /**
   * The task network of a method or `:htn` from its keyword/value pairs: `:subtasks`/`:tasks` or
   * `:ordered-subtasks`/`:ordered-tasks`, `:ordering` and `:constraints`.
   */
  network(fields: ReadonlyMap<string, Sexp>, at: HddlPos): HddlNetwork {
    const ordered = fields.get(':ordered-subtasks') ?? fields.get(':ordered-tasks');
    const plain = fields.get(':subtasks') ?? fields.get(':tasks');
    if (ordered && plain) this.fail('SYNTAX', ':subtasks', 'a task network has both ordered and unordered subtasks.', at);
    const subtasks = this.subtasks(ordered ?? plain);
    const ordering: [number, number][] = [];
    if (ordered) for (let i = 1; i < subtasks.length; i++) ordering.push([i - 1, i]);
    const ord = fields.get(':ordering');
    if (ord) {
      if (ordered) this.fail('SYNTAX', ':ordering', '":ordering" is meaningless after ":ordered-subtasks".', ord);
      const index = new Map(subtasks.map((s, i) => [s.id, i]));
      for (const pair of this.conjuncts(this.list(ord, 'an ordering', at))) {
        const p = this.list(pair, 'an ordering constraint (< a b)', ord);
        const op = this.symbol(p.items[0], '"<"', p);
        if ((op.text !== '<' && op.text !== '>') || p.items.length !== 3) this.fail('SYNTAX', op.text, 'an ordering constraint is "(< a b)".', p);
        const ids = [1, 2].map((k) => {
          const s = this.symbol(p.items[k], 'a subtask label', p);
          const i = index.get(s.text);
          if (i === undefined) this.fail('UNKNOWN_NAME', s.text, `the ordering names "${s.text}", which is no subtask label here.`, s);
          return i;
        });
        ordering.push(op.text === '<' ? [ids[0], ids[1]] : [ids[1], ids[0]]);
      }
    }
    const c = fields.get(':constraints');
    return { subtasks, ordering, constraints: c ? this.formula(c) : null, ordered: !!ordered || subtasks.length <= 1 };
  }

  /** `(and a b)`, `(a)` or `()` → the items. */
  conjuncts(l: SexpList): Sexp[] {
    if (l.items.length === 0) return [];
    const h = l.items[0];
    if (h.kind === 'symbol' && h.text === 'and') return l.items.slice(1);
    return [l];
  }

  private subtasks(x: Sexp | undefined): HddlSubtask[] {
    if (!x) return [];
    const l = this.list(x, 'a subtask list', x);
    const items = l.items.length > 0 && l.items[0].kind === 'symbol' && l.items[0].text === 'and' ? l.items.slice(1) : l.items.length > 0 ? [l] : [];
    const out: HddlSubtask[] = [];
    const seen = new Set<string>();
    items.forEach((it, i) => {
      const s = this.list(it, 'a subtask', l);
      const labelled = s.items.length === 2 && s.items[0].kind === 'symbol' && s.items[1].kind === 'list';
      const task = labelled ? this.list(s.items[1], 'a task', s) : s;
      const a = this.atom(task);
      const id = labelled ? (s.items[0] as SexpSymbol).text : `#${i}`;
      if (seen.has(id)) this.fail('DUPLICATE', id, `subtask label "${id}" is used twice.`, s);
      seen.add(id);
      out.push({ id, task: a.pred, args: a.args, line: task.line, column: task.column });
    });
    return out;
  }

  /** A section's `:keyword value` pairs (a keyword without a value is an error). */
  fields(s: SexpList, from: number, allowed: readonly string[]): Map<string, Sexp> {
    const out = new Map<string, Sexp>();
    for (let i = from; i < s.items.length; i += 2) {
      const k = this.symbol(s.items[i], 'a keyword such as :parameters', s);
      if (!allowed.includes(k.text)) this.fail('UNSUPPORTED', k.text, `"${k.text}" is not supported here; expected one of ${allowed.join(', ')}.`, k);
      if (out.has(k.text)) this.fail('DUPLICATE', k.text, `"${k.text}" is given twice.`, k);
      const v = s.items[i + 1];
      if (!v) this.fail('SYNTAX', k.text, `"${k.text}" has no value.`, k);
      out.set(k.text, v);
    }
    return out;
  }
}

/** The keyword heading a section. @internal */
export const keyword = (s: SexpList): SexpSymbol => s.items[0] as SexpSymbol;
