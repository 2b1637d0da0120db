import { didYouMean } from '@dualplan/world-state';
import type { SourcePos } from './PddlError.js';
import type { PddlAction, PddlAtom, PddlCost, PddlDomain, PddlLiteral, TypedName } from './PddlDomain.js';
import { Reader, TOTAL_COST, keyword } from './Reader.js';
import type { SexpList } from './readSexp.js';

/**
 * Read a STRIPS domain with `:typing`, `:negative-preconditions`, `:equality`
 * and `:action-costs`. Throws {@link PddlError} naming the line, column and
 * construct for anything outside that fragment (`when` → `:conditional-effects`,
 * `forall`, numeric fluents, ...) and for unknown predicates, types and names.
 * @example
 * const domain = parseDomain(GRIPPER_DOMAIN);
 * domain.actions.map((a) => a.name); // ['move', 'pick', 'drop']
 */
export function parseDomain(text: string, file = ''): PddlDomain {
  const r: Reader = new Reader(file);
  const { name, sections } = r.define(text, 'domain', '(:action ...)');
  const requirements: string[] = [];
  // Tables keyed by the file's names have no prototype: a type or predicate named `constructor` or `__proto__` is a plain name.
  const types: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, { object: '' });
  const typePos: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
  const constants: TypedName[] = [];
  const predicates: Record<string, readonly string[]> = Object.create(null) as Record<string, readonly string[]>;
  const functions: Record<string, readonly string[]> = Object.create(null) as Record<string, readonly string[]>;
  const actions: PddlAction[] = [];
  for (const s of sections) {
    const kw = keyword(s);
    const rest = s.items.slice(1);
    switch (kw.text) {
      case ':requirements':
        for (const x of rest) requirements.push(r.requirement(x, s));
        break;
      case ':types':
        for (const t of r.typedList(rest)) {
          if (t.name === 'object') r.fail('SYNTAX', 'object', 'type "object" is the root and has no parent.', t);
          types[t.name] = t.type;
          typePos[t.name] = t;
        }
        break;
      case ':constants':
        constants.push(...r.typedList(rest));
        break;
      case ':predicates':
        for (const p of rest) {
          const l = r.list(p, 'a predicate declaration', s);
          const pname = r.symbol(l.items[0], 'a predicate name', l).text;
          if (pname in predicates) r.fail('SYNTAX', pname, `predicate "${pname}" is declared twice.`, l);
          predicates[pname] = r.typedList(l.items.slice(1)).map((t) => t.type);
        }
        break;
      case ':functions':
        readFunctions(r, s, requirements, functions);
        break;
      case ':action':
        actions.push(readAction(r, s));
        break;
      default:
        if (r.isUnsupported(kw.text)) r.unsupported(kw.text, kw);
        r.fail('UNSUPPORTED', kw.text, `unknown or unsupported domain section "${kw.text}".`, kw);
    }
  }
  for (const [t, parent] of Object.entries(types)) {
    if (parent !== '' && !(parent in types)) types[parent] = 'object'; // a parent used but not declared is an object subtype
    for (let p = types[t], hops = 0; p !== ''; p = types[p] ?? '', hops++) {
      if (p === t || hops > 1000) r.fail('SYNTAX', t, `type "${t}" is its own ancestor.`, typePos[t] ?? null);
    }
  }
  const domain: PddlDomain = { name, requirements, types, constants, predicates, functions, actions, file };
  checkDomain(r, domain);
  return domain;
}

function readFunctions(r: Reader, s: SexpList, requirements: readonly string[], out: Record<string, readonly string[]>): void {
  if (!requirements.includes(':action-costs')) r.unsupported(':functions', keyword(s));
  const items = s.items.slice(1);
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.kind === 'symbol') {
      // `- number` after a declaration: the only function type of :action-costs
      if (it.text !== '-') r.fail('SYNTAX', it.text, `expected a function declaration but found "${it.text}".`, it);
      const t = r.symbol(items[i + 1], 'a function type', it);
      if (t.text !== 'number') r.fail('UNSUPPORTED', t.text, `function type "${t.text}" is not supported (it needs :object-fluents): use "number".`, t);
      i++;
      continue;
    }
    const f = r.symbol(it.items[0], 'a function name', it);
    if (f.text in out) r.fail('SYNTAX', f.text, `function "${f.text}" is declared twice.`, f);
    out[f.text] = r.typedList(it.items.slice(1)).map((t) => t.type);
  }
}

function readAction(r: Reader, s: SexpList): PddlAction {
  const name = r.symbol(s.items[1], 'an action name', s).text;
  let parameters: TypedName[] = [];
  const precondition: PddlLiteral[] = [];
  const add: PddlAtom[] = [];
  const del: PddlAtom[] = [];
  const cost: { value: PddlCost | null } = { value: null };
  for (let i = 2; i < s.items.length; i += 2) {
    const key = r.symbol(s.items[i], 'an action field such as :parameters', s);
    const value = s.items[i + 1];
    if (!value) r.fail('SYNTAX', key.text, `action "${name}": "${key.text}" has no value.`, key);
    if (key.text === ':parameters') parameters = r.typedList(r.list(value, 'a parameter list', key).items);
    else if (key.text === ':precondition') r.condition(value, precondition);
    else if (key.text === ':effect') r.effect(value, add, del, cost);
    else
      r.fail(
        'UNSUPPORTED',
        key.text,
        `action "${name}": unknown field "${key.text}".${didYouMean(key.text, [':parameters', ':precondition', ':effect'])}`,
        key,
      );
  }
  return { name, parameters, precondition, add, del, cost: cost.value, line: s.line, column: s.column };
}

function checkDomain(r: Reader, d: PddlDomain): void {
  const typeNames = Object.keys(d.types);
  const checkType = (t: string, what: string, at: SourcePos | null) => {
    if (!(t in d.types)) r.fail('UNKNOWN_NAME', t, `${what} has unknown type "${t}".${didYouMean(t, typeNames)}`, at);
  };
  const constants = new Set(d.constants.map((c) => c.name));
  for (const c of d.constants) checkType(c.type, `constant "${c.name}"`, c);
  for (const [p, ts] of Object.entries(d.predicates)) for (const t of ts) checkType(t, `predicate "${p}"`, null);
  if (d.functions[TOTAL_COST]?.length) r.fail('ARITY', TOTAL_COST, '(total-cost) takes no arguments.', null);
  const names = new Set<string>();
  for (const a of d.actions) {
    if (names.has(a.name)) r.fail('SYNTAX', a.name, `action "${a.name}" is declared twice.`, a);
    names.add(a.name);
    const vars = new Set<string>();
    for (const p of a.parameters) {
      if (!p.name.startsWith('?')) r.fail('SYNTAX', p.name, `action "${a.name}": parameter "${p.name}" must start with "?".`, p);
      if (vars.has(p.name)) r.fail('SYNTAX', p.name, `action "${a.name}": parameter "${p.name}" is declared twice.`, p);
      vars.add(p.name);
      checkType(p.type, `action "${a.name}": parameter ${p.name}`, p);
    }
    const where = `action "${a.name}"`;
    const checkArgs = (args: readonly string[], at: SourcePos) => {
      for (const arg of args) {
        if (arg.startsWith('?') ? !vars.has(arg) : !constants.has(arg)) {
          const kind = arg.startsWith('?') ? 'parameter' : 'constant';
          r.fail(
            'UNKNOWN_NAME',
            arg,
            `${where}: "${arg}" is not a ${kind} of the ${arg.startsWith('?') ? 'action' : 'domain'}.${didYouMean(arg, arg.startsWith('?') ? vars : constants)}`,
            at,
          );
        }
      }
    };
    for (const atom of [...a.precondition.map((l) => l.atom), ...a.add, ...a.del]) {
      checkAtom(r, d, atom, where);
      checkArgs(atom.args, atom);
    }
    for (const atom of [...a.add, ...a.del]) if (atom.pred === '=') r.fail('SYNTAX', '=', `${where}: an effect cannot change equality.`, atom);
    if (a.cost !== null) {
      if (!d.requirements.includes(':action-costs'))
        r.fail('UNSUPPORTED', 'increase', `${where} increases total-cost but the domain does not declare :action-costs.`, a);
      if ('fn' in a.cost) {
        const sig = d.functions[a.cost.fn];
        if (!sig) r.fail('UNKNOWN_NAME', a.cost.fn, `${where}: unknown cost function "${a.cost.fn}".${didYouMean(a.cost.fn, Object.keys(d.functions))}`, a);
        if (sig.length !== a.cost.args.length)
          r.fail('ARITY', a.cost.fn, `${where}: "${a.cost.fn}" takes ${sig.length} arguments, got ${a.cost.args.length}.`, a);
        checkArgs(a.cost.args, a);
      }
    }
  }
}

/** Check an atom's predicate and arity against the domain. @internal */
export function checkAtom(r: Reader, d: PddlDomain, atom: PddlAtom, where: string): void {
  if (atom.pred === '=') {
    if (atom.args.length !== 2) r.fail('ARITY', '=', `${where}: "=" takes two terms.`, atom);
    return;
  }
  const sig = d.predicates[atom.pred];
  if (!sig) r.fail('UNKNOWN_NAME', atom.pred, `${where}: unknown predicate "${atom.pred}".${didYouMean(atom.pred, Object.keys(d.predicates))}`, atom);
  if (sig.length !== atom.args.length) r.fail('ARITY', atom.pred, `${where}: "${atom.pred}" takes ${sig.length} arguments, got ${atom.args.length}.`, atom);
}
