import type { SexpList } from '@dualplan/pddl';
import {
  HDDL_REQUIREMENTS,
  type HddlAction,
  type HddlDomain,
  type HddlEffect,
  type HddlFormula,
  type HddlMethod,
  type HddlTaskDecl,
  type HddlTyped,
} from './HddlModel.js';
import { HddlReader, keyword, type HddlLimits } from './HddlReader.js';
import { checkFormula, checkTerms, type Scope } from './checkNames.js';

const METHOD_KEYS = [':parameters', ':task', ':precondition', ':ordered-subtasks', ':ordered-tasks', ':subtasks', ':tasks', ':ordering', ':constraints'];

/**
 * Read an HDDL domain: requirements, types, constants, predicates, abstract tasks (`:task`), methods and
 * actions. Names are checked (unknown predicate, task, type, variable or constant; wrong arity), and every
 * error is an {@link HddlError} naming file, line and column. User names live in `Map`s, so a predicate
 * named `constructor` is just a predicate.
 * @example
 * const domain = parseHddlDomain(TRANSPORT_HDDL_DOMAIN, 'domain.hddl');
 * domain.methods.length; // 6
 */
export function parseHddlDomain(text: string, file = '', limits: HddlLimits = {}): HddlDomain {
  const r: HddlReader = new HddlReader(file, limits);
  const { name, sections } = r.define(text, 'domain', '(:method ...)');
  const requirements: string[] = [];
  const types = new Map<string, string[]>([['object', []]]);
  const constants: HddlTyped[] = [];
  const predicates = new Map<string, readonly string[]>();
  const tasks = new Map<string, HddlTaskDecl>();
  const actions = new Map<string, HddlAction>();
  const methods: HddlMethod[] = [];
  const methodNames = new Set<string>();
  const typeAt: HddlTyped[] = [];
  for (const s of sections) {
    const k = keyword(s);
    const rest = s.items.slice(1);
    switch (k.text) {
      case ':requirements':
        for (const x of rest) {
          const req = r.symbol(x, 'a requirement', s);
          if (!HDDL_REQUIREMENTS.includes(req.text))
            r.fail('UNSUPPORTED', req.text, `requirement "${req.text}" is not supported: this reader implements ${HDDL_REQUIREMENTS.join(', ')}.`, req);
          requirements.push(req.text);
        }
        break;
      case ':types':
        for (const t of r.typedList(rest)) {
          if (t.name === 'object') continue;
          const parents = types.get(t.name) ?? [];
          if (!parents.includes(t.type)) parents.push(t.type);
          types.set(t.name, parents);
          typeAt.push(t);
        }
        break;
      case ':constants':
        for (const c of r.typedList(rest)) constants.push(c);
        break;
      case ':predicates':
        for (const p of rest) {
          const l = r.list(p, 'a predicate (name ?x - type ...)', s);
          const n = r.symbol(l.items[0], 'a predicate name', l);
          if (predicates.has(n.text)) r.fail('DUPLICATE', n.text, `predicate "${n.text}" is declared twice.`, n);
          predicates.set(
            n.text,
            r.typedList(l.items.slice(1)).map((t) => t.type),
          );
        }
        break;
      case ':task': {
        const n = r.symbol(rest[0], 'a task name', s);
        const f = r.fields(s, 2, [':parameters']);
        if (tasks.has(n.text)) r.fail('DUPLICATE', n.text, `task "${n.text}" is declared twice.`, n);
        tasks.set(n.text, { name: n.text, parameters: params(r, f.get(':parameters'), s), line: n.line, column: n.column });
        break;
      }
      case ':action': {
        const n = r.symbol(rest[0], 'an action name', s);
        const f = r.fields(s, 2, [':parameters', ':precondition', ':effect']);
        if (actions.has(n.text)) r.fail('DUPLICATE', n.text, `action "${n.text}" is declared twice.`, n);
        const pre = f.get(':precondition');
        const eff = f.get(':effect');
        actions.set(n.text, {
          name: n.text,
          parameters: params(r, f.get(':parameters'), s),
          precondition: pre ? r.formula(pre) : null,
          effects: eff ? r.effect(eff, []) : [],
          line: n.line,
          column: n.column,
        });
        break;
      }
      case ':method': {
        const n = r.symbol(rest[0], 'a method name', s);
        if (methodNames.has(n.text)) r.fail('DUPLICATE', n.text, `method "${n.text}" is declared twice.`, n);
        methodNames.add(n.text);
        const f = r.fields(s, 2, METHOD_KEYS);
        const t = f.get(':task');
        if (!t) r.fail('SYNTAX', n.text, `method "${n.text}" has no :task.`, n);
        const task = r.atom(r.list(t, 'the task (name ?x ...)', s));
        const pre = f.get(':precondition');
        methods.push({
          name: n.text,
          parameters: params(r, f.get(':parameters'), s),
          task: task.pred,
          taskArgs: task.args,
          precondition: pre ? r.formula(pre) : null,
          ...r.network(f, n),
          line: n.line,
          column: n.column,
        });
        break;
      }
      default:
        r.fail('UNSUPPORTED', k.text, `section "${k.text}" is not supported in an HDDL domain.`, k);
    }
  }
  for (const t of typeAt) {
    if (!types.has(t.type)) types.set(t.type, ['object']);
    if (isCyclic(types, t.name)) r.fail('TYPE', t.name, `type "${t.name}" is its own ancestor.`, t);
  }
  const domain: HddlDomain = { name, requirements, types, constants, predicates, tasks, actions, methods, file };
  checkDomain(r, domain);
  return domain;
}

function params(r: HddlReader, x: SexpList['items'][number] | undefined, at: SexpList): HddlTyped[] {
  if (!x) return [];
  const ps = r.typedList(r.list(x, 'a parameter list', at).items);
  const seen = new Set<string>();
  for (const p of ps) {
    if (!p.name.startsWith('?')) r.fail('SYNTAX', p.name, `parameter "${p.name}" must start with "?".`, p);
    if (seen.has(p.name)) r.fail('DUPLICATE', p.name, `parameter "${p.name}" is declared twice.`, p);
    seen.add(p.name);
  }
  return ps;
}

function isCyclic(types: ReadonlyMap<string, readonly string[]>, start: string): boolean {
  const seen = new Set<string>();
  const todo = [...(types.get(start) ?? [])];
  for (let t = todo.pop(); t !== undefined; t = todo.pop()) {
    if (t === start) return true;
    if (seen.has(t)) continue;
    seen.add(t);
    todo.push(...(types.get(t) ?? []));
  }
  return false;
}

function checkDomain(r: HddlReader, d: HddlDomain): void {
  const typeOf = (p: HddlTyped) => {
    if (!d.types.has(p.type)) r.fail('UNKNOWN_NAME', p.type, `unknown type "${p.type}".`, p);
  };
  d.constants.forEach(typeOf);
  const constants = new Set(d.constants.map((c) => c.name));
  const scope = (ps: readonly HddlTyped[]): Scope => {
    ps.forEach(typeOf);
    return { vars: new Set(ps.map((p) => p.name)), constants, predicates: d.predicates, types: d.types };
  };
  for (const t of d.tasks.values()) {
    scope(t.parameters);
    if (d.actions.has(t.name)) r.fail('DUPLICATE', t.name, `"${t.name}" is both a task and an action.`, t);
  }
  for (const a of d.actions.values()) {
    const s = scope(a.parameters);
    if (a.precondition) checkFormula(r, a.precondition, s, a);
    checkEffects(r, a.effects, s, a);
  }
  for (const m of d.methods) {
    const s = scope(m.parameters);
    const task = d.tasks.get(m.task);
    if (!task) r.fail('UNKNOWN_NAME', m.task, `method "${m.name}" decomposes "${m.task}", which is no declared :task.`, m);
    if (task.parameters.length !== m.taskArgs.length)
      r.fail('ARITY', m.task, `method "${m.name}": task "${m.task}" takes ${task.parameters.length} arguments, got ${m.taskArgs.length}.`, m);
    checkTerms(r, m.taskArgs, s, m);
    if (m.precondition) checkFormula(r, m.precondition, s, m);
    if (m.constraints) checkFormula(r, m.constraints, s, m);
    for (const st of m.subtasks) {
      const decl = d.tasks.get(st.task) ?? d.actions.get(st.task);
      if (!decl) r.fail('UNKNOWN_NAME', st.task, `method "${m.name}": subtask "${st.task}" is neither a :task nor an :action.`, st);
      if (decl.parameters.length !== st.args.length)
        r.fail('ARITY', st.task, `method "${m.name}": "${st.task}" takes ${decl.parameters.length} arguments, got ${st.args.length}.`, st);
      checkTerms(r, st.args, s, st);
    }
  }
}

function checkEffects(r: HddlReader, effects: readonly HddlEffect[], s: Scope, at: HddlAction): void {
  for (const e of effects) {
    if (e.kind === 'forall') checkEffects(r, e.body, { ...s, vars: new Set([...s.vars, ...e.params.map((p) => p.name)]) }, at);
    else if (e.kind === 'when') {
      checkFormula(r, e.condition, s, at);
      checkEffects(r, e.body, s, at);
    } else checkFormula(r, { kind: 'atom', atom: e.atom } as HddlFormula, s, at);
  }
}
