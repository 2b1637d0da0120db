import { isSubtypeOf, type HddlAtom, type HddlDomain, type HddlInitialNetwork, type HddlProblem, type HddlTyped } from './HddlModel.js';
import { HddlReader, keyword, type HddlLimits } from './HddlReader.js';
import { checkFormula, checkTerms, type Scope } from './checkNames.js';

/**
 * Read an HDDL problem for `domain`: objects, the initial task network (`:htn` with `:parameters`,
 * `:subtasks`/`:ordered-subtasks`, `:ordering`, `:constraints`), the initial state and an optional goal.
 * Errors are {@link HddlError}s naming file, line, column and the offending name.
 * @example
 * const problem = parseHddlProblem(transportHddlProblem({ packages: 2 }), parseHddlDomain(TRANSPORT_HDDL_DOMAIN));
 * problem.htn?.subtasks.length; // 2
 */
export function parseHddlProblem(text: string, domain: HddlDomain, file = '', limits: HddlLimits = {}): HddlProblem {
  const r: HddlReader = new HddlReader(file, limits);
  const { name, sections } = r.define(text, 'problem', '(:method ...)');
  let domainName = '';
  const objects: HddlTyped[] = [];
  const init: HddlAtom[] = [];
  let htn: HddlInitialNetwork | null = null;
  let goal: HddlProblem['goal'] = null;
  for (const s of sections) {
    const k = keyword(s);
    const rest = s.items.slice(1);
    switch (k.text) {
      case ':domain':
        domainName = r.symbol(rest[0], 'the domain name', s).text;
        break;
      case ':requirements':
        break;
      case ':objects':
        for (const o of r.typedList(rest)) objects.push(o);
        break;
      case ':htn': {
        const f = r.fields(s, 1, [':parameters', ':subtasks', ':tasks', ':ordered-subtasks', ':ordered-tasks', ':ordering', ':constraints']);
        const p = f.get(':parameters');
        htn = { parameters: p ? r.typedList(r.list(p, 'a parameter list', s).items) : [], ...r.network(f, k) };
        break;
      }
      case ':init':
        for (const a of rest) init.push(r.atom(r.list(a, 'an atom', s)));
        break;
      case ':goal':
        goal = r.formula(r.list(rest[0], 'a goal formula', s));
        break;
      default:
        r.fail('UNSUPPORTED', k.text, `section "${k.text}" is not supported in an HDDL problem.`, k);
    }
  }
  const typeOf = new Map<string, string>();
  for (const o of [...domain.constants, ...objects]) {
    if (!domain.types.has(o.type)) r.fail('UNKNOWN_NAME', o.type, `unknown type "${o.type}".`, o);
    const before = typeOf.get(o.name);
    // An object declared again keeps the more specific type (PANDA's parser accepts repeats).
    if (before === undefined || isSubtypeOf(domain.types, o.type, before)) typeOf.set(o.name, o.type);
  }
  const known = new Set(typeOf.keys());
  const scope: Scope = { vars: new Set(), constants: known, predicates: domain.predicates, types: domain.types };
  for (const a of init) {
    checkFormula(r, { kind: 'atom', atom: a }, scope, a);
    if (a.pred === '=') continue;
    const sig = domain.predicates.get(a.pred)!;
    a.args.forEach((x, i) => {
      if (!isSubtypeOf(domain.types, typeOf.get(x)!, sig[i]))
        r.fail('TYPE', x, `(${a.pred} ...) expects a ${sig[i]} as argument ${i + 1}, but "${x}" is a ${typeOf.get(x)}.`, a);
    });
  }
  if (goal) checkFormula(r, goal, scope, { line: 0, column: 0 });
  if (htn) {
    const hs: Scope = { ...scope, vars: new Set(htn.parameters.map((p) => p.name)) };
    for (const st of htn.subtasks) {
      const decl = domain.tasks.get(st.task) ?? domain.actions.get(st.task);
      if (!decl) r.fail('UNKNOWN_NAME', st.task, `initial task "${st.task}" is neither a :task nor an :action.`, st);
      if (decl.parameters.length !== st.args.length)
        r.fail('ARITY', st.task, `"${st.task}" takes ${decl.parameters.length} arguments, got ${st.args.length}.`, st);
      checkTerms(r, st.args, hs, st);
    }
    if (htn.constraints) checkFormula(r, htn.constraints, hs, { line: 0, column: 0 });
  }
  return { name, domain: domainName, objects, htn, init, goal, file };
}
