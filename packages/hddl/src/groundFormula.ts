import { HddlError } from './HddlError.js';
import type { HddlFormula } from './HddlModel.js';
import { keyOf, type GroundFacts } from './groundActions.js';

/** A ground conjunction of fluent literals: `id + 1` for "atom holds", `-(id + 1)` for "atom does not hold". @internal */
export type Literals = number[];

/** Variable bindings while grounding: parameter name → object. @internal */
export type Binding = ReadonlyMap<string, string>;

/**
 * A formula under a binding as a conjunction of fluent literals, or null when it can never hold: static atoms,
 * equalities and atoms that never change are decided here, `forall` becomes a conjunction over the objects.
 * A disjunction (`or`, `exists`, `imply`) must decide to at most one open conjunction (else `UNSUPPORTED`). @internal
 */
export function groundFormula(f: HddlFormula, b: Binding, facts: GroundFacts, file: string, out: Literals = []): Literals | null {
  return walk(f, b, facts, file, false, out);
}

function term(x: string, b: Binding): string {
  return x.startsWith('?') ? (b.get(x) ?? x) : x;
}

function walk(f: HddlFormula, b: Binding, facts: GroundFacts, file: string, neg: boolean, out: Literals): Literals | null {
  switch (f.kind) {
    case 'atom': {
      const args = f.atom.args.map((x) => term(x, b));
      if (f.atom.pred === '=') return (args[0] === args[1]) !== neg ? out : null;
      const key = keyOf(f.atom.pred, args);
      const id = facts.atomId.get(key);
      if (id === undefined) return facts.alwaysTrue.has(key) !== neg ? out : null;
      out.push(neg ? -(id + 1) : id + 1);
      return out;
    }
    case 'not':
      return walk(f.arg, b, facts, file, !neg, out);
    case 'and':
    case 'or':
      return (f.kind === 'and') !== neg ? all(f.args, b, facts, file, neg, out) : any(f.args, b, facts, file, neg, out);
    case 'imply': {
      // a → c is ¬a ∨ c.
      const nf: HddlFormula = { kind: 'or', args: [{ kind: 'not', arg: f.args[0] }, f.args[1]] };
      return walk(nf, b, facts, file, neg, out);
    }
    default: {
      const bodies: HddlFormula[] = [];
      const each = (i: number, inner: Map<string, string>): void => {
        if (i === f.params.length) {
          bodies.push(substitute(f.body, inner));
          return;
        }
        for (const o of facts.objectsOf(f.params[i].type)) {
          inner.set(f.params[i].name, o);
          each(i + 1, inner);
        }
        inner.delete(f.params[i].name);
      };
      each(0, new Map());
      return (f.kind === 'forall') !== neg ? all(bodies, b, facts, file, neg, out) : any(bodies, b, facts, file, neg, out);
    }
  }
}

function all(args: readonly HddlFormula[], b: Binding, facts: GroundFacts, file: string, neg: boolean, out: Literals): Literals | null {
  for (const a of args) if (walk(a, b, facts, file, neg, out) === null) return null;
  return out;
}

function any(args: readonly HddlFormula[], b: Binding, facts: GroundFacts, file: string, neg: boolean, out: Literals): Literals | null {
  let open: Literals | null = null;
  for (const a of args) {
    const r = walk(a, b, facts, file, neg, []);
    if (r === null) continue;
    if (r.length === 0) return out; // one disjunct always holds
    if (open !== null)
      throw new HddlError('UNSUPPORTED', 'or', 'a disjunction (or, exists, imply) with more than one open case is not supported by the grounder.', null, file);
    open = r;
  }
  if (open === null) return null;
  for (const l of open) out.push(l);
  return out;
}

/** Replace quantified variables by objects (the other variables stay for the outer binding). */
function substitute(f: HddlFormula, m: ReadonlyMap<string, string>): HddlFormula {
  switch (f.kind) {
    case 'atom':
      return { kind: 'atom', atom: { ...f.atom, args: f.atom.args.map((x) => m.get(x) ?? x) } };
    case 'not':
      return { kind: 'not', arg: substitute(f.arg, m) };
    case 'and':
    case 'or':
      return { kind: f.kind, args: f.args.map((a) => substitute(a, m)) };
    case 'imply':
      return { kind: 'imply', args: [substitute(f.args[0], m), substitute(f.args[1], m)] };
    default: {
      const inner = new Map([...m].filter(([k]) => !f.params.some((p) => p.name === k)));
      return { kind: f.kind, params: f.params, body: substitute(f.body, inner) };
    }
  }
}

/** The variables a formula uses that no quantifier inside it binds. @internal */
export function freeVars(f: HddlFormula, out: Set<string> = new Set(), bound: ReadonlySet<string> = new Set()): Set<string> {
  switch (f.kind) {
    case 'atom':
      for (const x of f.atom.args) if (x.startsWith('?') && !bound.has(x)) out.add(x);
      return out;
    case 'not':
      return freeVars(f.arg, out, bound);
    case 'and':
    case 'or':
    case 'imply':
      for (const a of f.args) freeVars(a, out, bound);
      return out;
    default:
      return freeVars(f.body, out, new Set([...bound, ...f.params.map((p) => p.name)]));
  }
}

/** The top-level conjuncts of a formula. @internal */
export function conjuncts(f: HddlFormula | null): HddlFormula[] {
  if (f === null) return [];
  return f.kind === 'and' ? f.args.flatMap((a) => conjuncts(a)) : [f];
}
