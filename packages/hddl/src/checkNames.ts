import type { HddlPos } from './HddlError.js';
import type { HddlFormula } from './HddlModel.js';
import type { HddlReader } from './HddlReader.js';

/** What names a formula may use. @internal */
export interface Scope {
  readonly vars: ReadonlySet<string>;
  readonly constants: ReadonlySet<string>;
  readonly predicates: ReadonlyMap<string, readonly string[]>;
  readonly types: ReadonlyMap<string, readonly string[]>;
}

/** Every variable is declared and every other term a constant. @internal */
export function checkTerms(r: HddlReader, args: readonly string[], s: Scope, at: HddlPos): void {
  for (const a of args) {
    if (a.startsWith('?')) {
      if (!s.vars.has(a)) r.fail('UNKNOWN_NAME', a, `variable "${a}" is not a parameter here.`, at);
    } else if (!s.constants.has(a)) r.fail('UNKNOWN_NAME', a, `"${a}" is neither a parameter nor a constant.`, at);
  }
}

/** Predicates exist with the right arity; variables and constants are declared. @internal */
export function checkFormula(r: HddlReader, f: HddlFormula, s: Scope, at: HddlPos): void {
  switch (f.kind) {
    case 'atom': {
      const { pred, args } = f.atom;
      if (pred === '=') {
        if (args.length !== 2) r.fail('ARITY', '=', '"=" takes two terms.', f.atom);
      } else {
        const sig = s.predicates.get(pred);
        if (!sig) r.fail('UNKNOWN_NAME', pred, `unknown predicate "${pred}".`, f.atom);
        if (sig.length !== args.length) r.fail('ARITY', pred, `predicate "${pred}" takes ${sig.length} arguments, got ${args.length}.`, f.atom);
      }
      checkTerms(r, args, s, f.atom);
      return;
    }
    case 'not':
      return checkFormula(r, f.arg, s, at);
    case 'and':
    case 'or':
    case 'imply':
      for (const a of f.args) checkFormula(r, a, s, at);
      return;
    default:
      for (const p of f.params) if (!s.types.has(p.type)) r.fail('UNKNOWN_NAME', p.type, `unknown type "${p.type}".`, p);
      checkFormula(r, f.body, { ...s, vars: new Set([...s.vars, ...f.params.map((p) => p.name)]) }, at);
  }
}
