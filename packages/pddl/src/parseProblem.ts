import { didYouMean } from '@dualplan/world-state';
import type { PddlAtom, PddlDomain, PddlLiteral, PddlNumericFact, PddlProblem, TypedName } from './PddlDomain.js';
import { Reader, TOTAL_COST, keyword } from './Reader.js';
import { checkAtom } from './parseDomain.js';
import type { SexpList } from './readSexp.js';

/**
 * True when `type` is `ancestor` or one of its subtypes.
 * @example
 * isSubtype(parseDomain(LOGISTICS_DOMAIN).types, 'truck', 'physobj'); // true
 */
export function isSubtype(types: Readonly<Record<string, string>>, type: string, ancestor: string): boolean {
  for (let t: string | undefined = type; t !== undefined && t !== ''; t = types[t]) if (t === ancestor) return true;
  return false;
}

/**
 * Read a problem file for `domain`: objects, an initial state of ground atoms
 * (and the static `(= (fn ...) n)` cost facts of `:action-costs`) and a
 * conjunctive goal. Errors name the line, column and the offending name.
 * @example
 * const problem = parseProblem(gripperProblem({ balls: 4 }), parseDomain(GRIPPER_DOMAIN));
 */
export function parseProblem(text: string, domain: PddlDomain, file = ''): PddlProblem {
  const r: Reader = new Reader(file);
  const { name, sections } = r.define(text, 'problem', '(:action ...)');
  let domainName = '';
  const objects: TypedName[] = [];
  const init: PddlAtom[] = [];
  const numeric: PddlNumericFact[] = [];
  const goal: PddlLiteral[] = [];
  let sawGoal = false;
  for (const s of sections) {
    const kw = keyword(s);
    const rest = s.items.slice(1);
    switch (kw.text) {
      case ':domain': {
        const d = r.symbol(rest[0], 'a domain name', s);
        domainName = d.text;
        if (d.text !== domain.name) r.fail('UNKNOWN_NAME', d.text, `problem is for domain "${d.text}", not "${domain.name}".`, d);
        break;
      }
      case ':requirements':
        for (const x of rest) r.requirement(x, s);
        break;
      case ':objects':
        objects.push(...r.typedList(rest));
        break;
      case ':init':
        for (const x of rest) {
          const l = r.list(x, 'a ground atom', s);
          const h = r.symbol(l.items[0], 'a predicate name', l);
          if (h.text === '=') numeric.push(readNumericFact(r, domain, l));
          else if (h.text === 'not') r.fail('SYNTAX', 'not', 'the initial state lists true atoms only (closed world): remove "not".', h);
          else init.push(r.atom(l));
        }
        break;
      case ':goal':
        if (!rest[0]) r.fail('SYNTAX', ':goal', 'empty goal section.', s);
        r.condition(rest[0], goal);
        sawGoal = true;
        break;
      case ':metric':
        checkMetric(r, domain, s);
        break;
      default:
        if (r.isUnsupported(kw.text)) r.unsupported(kw.text, kw);
        r.fail('UNSUPPORTED', kw.text, `unknown or unsupported problem section "${kw.text}".`, kw);
    }
  }
  if (!sawGoal) r.fail('SYNTAX', ':goal', `problem "${name}" has no :goal section.`, null);
  const typed = new Map<string, string>();
  for (const o of [...domain.constants, ...objects]) {
    if (!(o.type in domain.types))
      r.fail('UNKNOWN_NAME', o.type, `object "${o.name}" has unknown type "${o.type}".${didYouMean(o.type, Object.keys(domain.types))}`, o);
    if (typed.has(o.name) && typed.get(o.name) !== o.type) r.fail('SYNTAX', o.name, `object "${o.name}" is declared with two types.`, o);
    typed.set(o.name, o.type);
  }
  for (const atom of [...init, ...goal.map((l) => l.atom)]) {
    checkAtom(r, domain, atom, 'problem');
    const sig = domain.predicates[atom.pred];
    atom.args.forEach((arg, i) => {
      const t = typed.get(arg);
      if (t === undefined) r.fail('UNKNOWN_NAME', arg, `"${arg}" in (${atom.pred} ...) is not an object of the problem.${didYouMean(arg, typed.keys())}`, atom);
      if (sig && !isSubtype(domain.types, t, sig[i]))
        r.fail('TYPE', arg, `(${atom.pred} ...) expects a ${sig[i]} as argument ${i + 1}, but "${arg}" is a ${t}.`, atom);
    });
  }
  for (const f of numeric)
    for (const arg of f.args) if (!typed.has(arg)) r.fail('UNKNOWN_NAME', arg, `"${arg}" in (${f.fn} ...) is not an object of the problem.`, null);
  return { name, domain: domainName, objects, init, numeric, goal, file };
}

function readNumericFact(r: Reader, domain: PddlDomain, l: SexpList): PddlNumericFact {
  if (!domain.requirements.includes(':action-costs')) r.unsupported(':functions', l);
  const term = r.list(l.items[1], 'a function term such as (total-cost)', l);
  const fn = r.symbol(term.items[0], 'a function name', term);
  const sig = domain.functions[fn.text];
  if (!sig) r.fail('UNKNOWN_NAME', fn.text, `unknown function "${fn.text}".${didYouMean(fn.text, Object.keys(domain.functions))}`, fn);
  const args = term.items.slice(1).map((a) => r.symbol(a, 'an object', term).text);
  if (args.length !== sig.length) r.fail('ARITY', fn.text, `"${fn.text}" takes ${sig.length} arguments, got ${args.length}.`, term);
  const v = r.symbol(l.items[2], 'a number', l);
  const value = Number(v.text);
  if (!Number.isFinite(value) || value < 0) r.fail('SYNTAX', v.text, `"${fn.text}" must be a number >= 0, got "${v.text}".`, v);
  if (fn.text === TOTAL_COST && value !== 0) r.fail('UNSUPPORTED', TOTAL_COST, '(total-cost) must start at 0.', v);
  return { fn: fn.text, args, value };
}

function checkMetric(r: Reader, domain: PddlDomain, s: SexpList): void {
  const dir = r.symbol(s.items[1], '"minimize"', s);
  const term = s.items[2];
  const ok =
    dir.text === 'minimize' && term?.kind === 'list' && term.items.length === 1 && term.items[0].kind === 'symbol' && term.items[0].text === TOTAL_COST;
  if (!ok || !domain.requirements.includes(':action-costs'))
    r.fail('UNSUPPORTED', ':metric', 'the only metric supported is (:metric minimize (total-cost)) with :action-costs.', s);
}
