import { PddlError } from './PddlError.js';
import type { GroundAction, GroundTask } from './GroundAction.js';
import type { PddlAction, PddlAtom, PddlDomain, PddlProblem } from './PddlDomain.js';
import { isSubtype } from './parseProblem.js';

const atomKey = (pred: string, args: readonly string[]): string => (args.length ? `(${pred} ${args.join(' ')})` : `(${pred})`);

/** A precondition or cost check run as soon as its last variable is bound. */
interface Check {
  /** 0 static atom must hold, 1 must not hold, 2 terms equal, 3 terms differ. */
  readonly kind: 0 | 1 | 2 | 3;
  readonly pred: string;
  /** Per argument: parameter index, or -1 for a constant in `consts`. */
  readonly vars: readonly number[];
  readonly consts: readonly string[];
}

/**
 * Ground a parsed domain and problem: bind each action schema's parameters to
 * objects of their types, pruning a binding as soon as a static precondition
 * (a predicate no action changes) or an equality fails; then keep the actions
 * and atoms reachable from the initial state in the delete relaxation, and fold
 * atoms that never change into constants. Throws a {@link PddlError} with code
 * `UNREACHABLE_GOAL` naming the goal atom that no plan can reach, and with
 * `TOO_LARGE` naming the action schema when grounding would make more than
 * `maxActions` candidate actions (default 10⁶), so a huge task fails fast. With `keepDeletedAtoms`, an atom that
 * actions only delete (no precondition reads it) stays an atom instead of being dropped, for readers outside the
 * actions (HDDL method preconditions).
 * @example
 * const task = groundTask(parseDomain(GRIPPER_DOMAIN), parseProblem(gripperProblem({ balls: 2 }), parseDomain(GRIPPER_DOMAIN)));
 * task.actions.length; // 2 moves + 2 picks/drops per ball, room and gripper... after pruning
 */
export function groundTask(domain: PddlDomain, problem: PddlProblem, options: { maxActions?: number; keepDeletedAtoms?: boolean } = {}): GroundTask {
  const maxActions = options.maxActions ?? 1_000_000;
  const fluent = new Set<string>();
  for (const a of domain.actions) for (const atom of [...a.add, ...a.del]) fluent.add(atom.pred);
  const initKeys = new Set(problem.init.map((a) => atomKey(a.pred, a.args)));
  const objects = [...domain.constants, ...problem.objects];
  const numeric = new Map(problem.numeric.map((f) => [atomKey(f.fn, f.args), f.value]));
  const defaultCost = domain.requirements.includes(':action-costs') ? 0 : 1;

  // Candidate ground actions: static preconditions and equalities hold.
  const candidates: { schema: PddlAction; args: string[] }[] = [];
  for (const a of domain.actions) {
    const domains = a.parameters.map((p) => objects.filter((o) => isSubtype(domain.types, o.type, p.type)).map((o) => o.name));
    const {
      before,
      at: checksAt,
      order,
    } = staticChecks(
      a,
      fluent,
      domains.map((d) => d.length),
    );
    const binding: string[] = new Array(a.parameters.length);
    const holds = (c: Check): boolean => {
      const args = c.vars.map((v, k) => (v < 0 ? c.consts[k] : binding[v]));
      return c.kind === 0
        ? initKeys.has(atomKey(c.pred, args))
        : c.kind === 1
          ? !initKeys.has(atomKey(c.pred, args))
          : c.kind === 2
            ? args[0] === args[1]
            : args[0] !== args[1];
    };
    const bind = (i: number): void => {
      if (i === a.parameters.length) {
        if (candidates.length >= maxActions) {
          throw new PddlError(
            'TOO_LARGE',
            a.name,
            `grounding makes more than ${maxActions} actions (at "${a.name}"): add static preconditions (types, fixed relations) to narrow its parameters, or raise maxActions.`,
            a,
            domain.file,
          );
        }
        candidates.push({ schema: a, args: binding.slice() });
        return;
      }
      const param = order[i];
      next: for (const o of domains[param]) {
        binding[param] = o;
        for (const c of checksAt[i]) if (!holds(c)) continue next;
        bind(i + 1);
      }
    };
    if (before.every(holds)) bind(0);
  }

  // Relaxed reachability with per-action counters of unreached positive fluent preconditions.
  const ids = new Map<string, number>();
  const names: string[] = [];
  const intern = (key: string): number => {
    let id = ids.get(key);
    if (id === undefined) {
      id = names.length;
      ids.set(key, id);
      names.push(key);
    }
    return id;
  };
  const lit = (atom: PddlAtom, args: readonly string[], params: PddlAction['parameters']): string =>
    atomKey(
      atom.pred,
      atom.args.map((x) => (x.startsWith('?') ? args[params.findIndex((p) => p.name === x)] : x)),
    );
  const raw = candidates.map(({ schema, args }) => {
    const pre: number[] = [];
    const preNeg: string[] = [];
    for (const l of schema.precondition) {
      if (l.atom.pred === '=' || !fluent.has(l.atom.pred)) continue; // checked while binding
      if (l.negated) preNeg.push(lit(l.atom, args, schema.parameters));
      else pre.push(intern(lit(l.atom, args, schema.parameters)));
    }
    const add = schema.add.map((x) => intern(lit(x, args, schema.parameters)));
    const del = schema.del.map((x) => lit(x, args, schema.parameters));
    // Something besides the actions may read these (HDDL method preconditions): keep them as atoms.
    if (options.keepDeletedAtoms) for (const d of del) intern(d);
    return { schema, args, pre: [...new Set(pre)], preNeg, add: [...new Set(add)], del };
  });
  const reached = new Uint8Array(names.length);
  const waiting: number[][] = Array.from({ length: names.length }, () => []);
  const missing = new Int32Array(raw.length);
  const queue: number[] = [];
  const reach = (id: number) => {
    if (id < reached.length && !reached[id]) {
      reached[id] = 1;
      queue.push(id);
    }
  };
  const fired: number[] = [];
  raw.forEach((r, i) => {
    missing[i] = r.pre.length;
    for (const p of r.pre) waiting[p].push(i);
    if (r.pre.length === 0) fired.push(i);
  });
  for (const a of problem.init) if (fluent.has(a.pred)) reach(ids.get(atomKey(a.pred, a.args)) ?? reached.length);
  for (let f = 0; ;) {
    while (f < fired.length) for (const x of raw[fired[f++]].add) reach(x);
    const id = queue.pop();
    if (id === undefined) break;
    for (const i of waiting[id]) if (--missing[i] === 0) fired.push(i);
  }

  // Atoms that some reachable action deletes; a reached atom true at the start and never deleted is constant.
  const deleted = new Set<string>();
  for (const i of fired) for (const d of raw[i].del) deleted.add(d);
  const constTrue = (key: string) => initKeys.has(key) && !deleted.has(key);
  const atomOf = new Int32Array(names.length).fill(-1);
  const atoms: string[] = [];
  for (let id = 0; id < names.length; id++) {
    if (reached[id] && !constTrue(names[id])) {
      atomOf[id] = atoms.length;
      atoms.push(names[id]);
    }
  }
  const known = (key: string): number => {
    const id = ids.get(key);
    return id === undefined ? -1 : atomOf[id];
  };
  const actions: GroundAction[] = [];
  for (const i of fired.sort((x, y) => x - y)) {
    const r = raw[i];
    if (r.preNeg.some(constTrue)) continue; // requires an atom that is always true to be false
    const pre = r.pre.map((p) => atomOf[p]).filter((p) => p >= 0);
    const preNeg = [...new Set(r.preNeg.map(known).filter((p) => p >= 0))];
    if (pre.some((p) => preNeg.includes(p))) continue;
    const add = r.add.map((p) => atomOf[p]).filter((p) => p >= 0);
    const del = [...new Set(r.del.map(known).filter((p) => p >= 0 && !add.includes(p)))];
    actions.push({
      name: atomKey(r.schema.name, r.args),
      schema: r.schema.name,
      args: r.args,
      pre,
      preNeg,
      add,
      del,
      cost: costOf(r.schema, r.args, numeric, defaultCost, problem),
    });
  }

  const init = atoms.map((_, i) => i).filter((i) => initKeys.has(atoms[i]));
  const goal: number[] = [];
  const goalNeg: number[] = [];
  for (const l of problem.goal) {
    const key = atomKey(l.atom.pred, l.atom.args);
    if (l.atom.pred === '=') {
      if ((l.atom.args[0] === l.atom.args[1]) === l.negated) unreachable(problem, key, l.negated, l.atom);
      continue;
    }
    const id = known(key);
    if (id >= 0) (l.negated ? goalNeg : goal).push(id);
    else if (constTrue(key) === l.negated) unreachable(problem, key, l.negated, l.atom);
  }
  return { domain: domain.name, problem: problem.name, atoms, actions, init, goal: [...new Set(goal)], goalNeg: [...new Set(goalNeg)] };
}

function unreachable(problem: PddlProblem, key: string, negated: boolean, at: PddlAtom): never {
  throw new PddlError(
    'UNREACHABLE_GOAL',
    key,
    `goal ${negated ? `(not ${key})` : key} can never hold: no sequence of actions ${negated ? 'deletes' : 'reaches'} it.`,
    at,
    problem.file,
  );
}

/**
 * The order to bind parameters in, and the static and equality checks: those on
 * constants only (`before`), and per binding step those it completes. Each step
 * binds the parameter that completes the most checks (then the one with the
 * fewest objects), so bindings are pruned as early as possible.
 */
function staticChecks(a: PddlAction, fluent: ReadonlySet<string>, sizes: readonly number[]): { before: Check[]; at: Check[][]; order: number[] } {
  const checks: Check[] = [];
  for (const l of a.precondition) {
    const isEq = l.atom.pred === '=';
    if (!isEq && fluent.has(l.atom.pred)) continue;
    const vars = l.atom.args.map((x) => (x.startsWith('?') ? a.parameters.findIndex((p) => p.name === x) : -1));
    checks.push({ kind: isEq ? (l.negated ? 3 : 2) : l.negated ? 1 : 0, pred: l.atom.pred, vars, consts: l.atom.args });
  }
  const bound = new Set<number>();
  const complete = (c: Check) => c.vars.every((v) => v < 0 || bound.has(v));
  const before = checks.filter(complete);
  const order: number[] = [];
  const at: Check[][] = [];
  while (order.length < a.parameters.length) {
    let best = -1;
    let bestScore = -1;
    for (let p = 0; p < a.parameters.length; p++) {
      if (bound.has(p)) continue;
      const score = checks.filter((c) => c.vars.includes(p) && c.vars.every((v) => v < 0 || v === p || bound.has(v))).length;
      if (score > bestScore || (score === bestScore && sizes[p] < sizes[best])) [best, bestScore] = [p, score];
    }
    at.push(checks.filter((c) => c.vars.includes(best) && !complete(c) && c.vars.every((v) => v < 0 || v === best || bound.has(v))));
    bound.add(best);
    order.push(best);
  }
  return { before, at, order };
}

function costOf(a: PddlAction, args: readonly string[], numeric: ReadonlyMap<string, number>, fallback: number, problem: PddlProblem): number {
  if (a.cost === null) return fallback;
  if ('value' in a.cost) return a.cost.value;
  const key = atomKey(
    a.cost.fn,
    a.cost.args.map((x) => (x.startsWith('?') ? args[a.parameters.findIndex((p) => p.name === x)] : x)),
  );
  const v = numeric.get(key);
  if (v === undefined)
    throw new PddlError('UNKNOWN_NAME', key, `action (${a.name} ${args.join(' ')}) costs ${key}, which the problem's :init does not define.`, a, problem.file);
  return v;
}
