import { HddlError } from './HddlError.js';
import type { HddlDecomposition } from './HddlDecomposition.js';
import { isSubtypeOf, type HddlDomain, type HddlMethod, type HddlProblem } from './HddlModel.js';
import { applyEffects, holdsIn, type FactSet } from './evalGround.js';
import { keyOf } from './groundActions.js';
import { parseIpcPlan } from './parseIpcPlan.js';

/** Why a plan was rejected: a code, the plan line it is about (0 for the plan as a whole) and a message naming it. */
export interface HddlPlanError {
  readonly code: string;
  readonly line: number;
  readonly message: string;
}

/** The verifier's answer: valid, or the first error found. */
export interface HddlVerdict {
  readonly valid: boolean;
  readonly errors: readonly HddlPlanError[];
}

/** One way a method line matches its method: which method subtask each listed child is, and the parameters bound so far. */
interface Match {
  readonly assign: readonly number[];
  readonly b: ReadonlyMap<string, string>;
}

class Reject extends Error {
  constructor(
    readonly code: string,
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Check a plan in the IPC format against an HDDL domain and problem, as the IPC's verifier does: every primitive
 * is an action with objects of the right types, every method application names a method of its task whose
 * subtasks are the listed tasks (under one binding of its parameters, constraints included), the root tasks are
 * the initial task network, every task is decomposed exactly once and reached from the root, the ordering of each
 * method (and of the initial network) holds among the primitive steps, each step is applicable in turn, each method
 * precondition holds where its subtree starts, and the goal holds at the end. Errors name the plan line.
 * @example
 * const verdict = verifyHddlPlan(domain, problem, planText);
 * if (!verdict.valid) console.log(verdict.errors[0].message); // 'plan:4: step 1 (drive ...) is not applicable: ...'
 */
export function verifyHddlPlan(domain: HddlDomain, problem: HddlProblem, plan: string | HddlDecomposition, file = 'plan'): HddlVerdict {
  try {
    check(domain, problem, typeof plan === 'string' ? parseIpcPlan(plan, file) : plan, file);
    return { valid: true, errors: [] };
  } catch (e) {
    if (e instanceof Reject) return { valid: false, errors: [{ code: e.code, line: e.line, message: `${file}:${e.line}: ${e.message}` }] };
    if (e instanceof HddlError) return { valid: false, errors: [{ code: e.code, line: e.line, message: e.message }] };
    throw e;
  }
}

function check(domain: HddlDomain, problem: HddlProblem, d: HddlDecomposition, file: string): void {
  const fail: (code: string, line: number | undefined, message: string) => never = (code, line, message) => {
    throw new Reject(code, line ?? 0, message);
  };
  const typeOf = new Map<string, string>();
  for (const o of [...domain.constants, ...problem.objects]) {
    const before = typeOf.get(o.name);
    if (before === undefined || isSubtypeOf(domain.types, o.type, before)) typeOf.set(o.name, o.type);
  }
  const byType = new Map<string, string[]>();
  const objectsOf = (t: string): readonly string[] => {
    let l = byType.get(t);
    if (!l) byType.set(t, (l = [...typeOf].filter(([, ot]) => isSubtypeOf(domain.types, ot, t)).map(([o]) => o)));
    return l;
  };
  const isA = (o: string, t: string) => typeOf.has(o) && isSubtypeOf(domain.types, typeOf.get(o)!, t);
  const methodsByName = new Map(domain.methods.map((m) => [m.name, m]));
  const show = (name: string, args: readonly string[]) => keyOf(name, args);

  // Lines, by id.
  const prim = new Map(d.primitives.map((p, pos) => [p.id, { ...p, pos }]));
  const meth = new Map(d.methods.map((m) => [m.id, m]));
  for (const m of d.methods) if (prim.has(m.id)) fail('DUPLICATE_ID', m.line, `task id ${m.id} is both a primitive step and a method application.`);
  for (const p of prim.values()) {
    const a = domain.actions.get(p.name);
    if (!a) {
      if (domain.tasks.has(p.name)) fail('NOT_DECOMPOSED', p.line, `task ${p.id} ${show(p.name, p.args)} is abstract, but no method decomposes it.`);
      fail('UNKNOWN_ACTION', p.line, `step ${p.id}: "${p.name}" is not an action of the domain.`);
    }
    if (a.parameters.length !== p.args.length)
      fail('ARITY', p.line, `step ${p.id}: action "${p.name}" takes ${a.parameters.length} arguments, got ${p.args.length}.`);
    p.args.forEach((o, i) => {
      if (!typeOf.has(o)) fail('UNKNOWN_OBJECT', p.line, `step ${p.id}: "${o}" is no object of the problem.`);
      if (!isA(o, a.parameters[i].type))
        fail('TYPE', p.line, `step ${p.id}: "${o}" is a ${typeOf.get(o)}, not a ${a.parameters[i].type} (argument ${i + 1} of ${p.name}).`);
    });
  }
  const taskOf = (id: number) => prim.get(id) ?? meth.get(id)!;

  // The tree: every id listed once, under one parent, reached from the root.
  const parent = new Map<number, number>();
  const link = (child: number, line: number | undefined, by: number) => {
    if (!prim.has(child) && !meth.has(child))
      fail('NOT_DECOMPOSED', line, `task ${child} is listed as a subtask but has no line of its own (no primitive step, no method application).`);
    if (parent.has(child))
      fail(
        'SHARED_SUBTASK',
        line,
        `task ${child} is a subtask of two tasks (${parent.get(child) === -1 ? 'root' : parent.get(child)} and ${by === -1 ? 'root' : by}).`,
      );
    parent.set(child, by);
  };
  for (const r of d.root) link(r, d.rootLine, -1);
  for (const m of d.methods) for (const s of m.subtasks) link(s, m.line, m.id);
  const reached = new Set<number>();
  const todo = [...d.root];
  for (let t = todo.pop(); t !== undefined; t = todo.pop()) {
    if (reached.has(t)) continue;
    reached.add(t);
    todo.push(...(meth.get(t)?.subtasks ?? []));
  }
  for (const p of d.primitives) if (!reached.has(p.id)) fail('ORPHAN', p.line, `step ${p.id} ${show(p.name, p.args)} is not reached from the root tasks.`);
  for (const m of d.methods) if (!reached.has(m.id)) fail('ORPHAN', m.line, `task ${m.id} ${show(m.name, m.args)} is not reached from the root tasks.`);

  // Leaf ranges (post-order over an explicit stack).
  const lo = new Map<number, number>();
  const hi = new Map<number, number>();
  const post: number[] = [];
  const stack = [...d.root];
  for (let t = stack.pop(); t !== undefined; t = stack.pop()) {
    post.push(t);
    stack.push(...(meth.get(t)?.subtasks ?? []));
  }
  for (let i = post.length - 1; i >= 0; i--) {
    const t = post[i];
    const p = prim.get(t);
    if (p) [lo, hi].forEach((m) => m.set(t, p.pos));
    else
      for (const c of meth.get(t)!.subtasks) {
        if (lo.has(c) && (!lo.has(t) || lo.get(c)! < lo.get(t)!)) lo.set(t, lo.get(c)!);
        if (hi.has(c) && (!hi.has(t) || hi.get(c)! > hi.get(t)!)) hi.set(t, hi.get(c)!);
      }
  }

  // Each method line (and the root) against its method: task, subtasks, ordering.
  const matchesOf = new Map<number, Match[]>();
  const methodOf = new Map<number, HddlMethod>();
  const matchLine = (id: number, hm: HddlMethod, taskArgs: readonly string[], children: readonly number[], line: number | undefined, what: string): void => {
    const b = new Map<string, string>();
    for (let i = 0; i < taskArgs.length; i++) {
      const x = hm.taskArgs[i];
      if (x.startsWith('?') ? (b.get(x) ?? taskArgs[i]) !== taskArgs[i] : x !== taskArgs[i])
        fail('METHOD_TASK_MISMATCH', line, `${what}: the arguments do not match method "${hm.name}"'s task ${show(hm.task, hm.taskArgs)}.`);
      if (x.startsWith('?')) b.set(x, taskArgs[i]);
    }
    if (children.length !== hm.subtasks.length)
      fail('SUBTASK_MISMATCH', line, `${what}: method "${hm.name}" has ${hm.subtasks.length} subtasks, the line lists ${children.length}.`);
    const found: Match[] = [];
    const used = new Uint8Array(children.length);
    const assign: number[] = [];
    const rec = (i: number): void => {
      if (found.length >= 64) return;
      if (i === children.length) {
        if ([...b].every(([v, o]) => isA(o, hm.parameters.find((p) => p.name === v)?.type ?? 'object'))) found.push({ assign: assign.slice(), b: new Map(b) });
        return;
      }
      const c = taskOf(children[i]);
      for (let k = 0; k < hm.subtasks.length; k++) {
        const j = (i + k) % hm.subtasks.length;
        const st = hm.subtasks[j];
        if (used[j] || st.task !== c.name || st.args.length !== c.args.length) continue;
        const added: string[] = [];
        let ok = true;
        st.args.forEach((x, q) => {
          if (!x.startsWith('?')) ok &&= x === c.args[q];
          else if (!b.has(x)) {
            b.set(x, c.args[q]);
            added.push(x);
          } else ok &&= b.get(x) === c.args[q];
        });
        if (ok) {
          used[j] = 1;
          assign[i] = j;
          rec(i + 1);
          used[j] = 0;
        }
        for (const x of added) b.delete(x);
      }
    };
    rec(0);
    if (found.length === 0)
      fail(
        'SUBTASK_MISMATCH',
        line,
        `${what}: the listed subtasks ${children.map((c) => show(taskOf(c).name, taskOf(c).args)).join(' ')} are not those of method "${hm.name}" under one binding of its parameters.`,
      );
    const ordered = found.filter((f) => {
      const childOf = new Map(f.assign.map((j, i) => [j, children[i]]));
      return hm.ordering.every(([a, z]) => {
        const ca = childOf.get(a)!;
        const cz = childOf.get(z)!;
        return !hi.has(ca) || !lo.has(cz) || hi.get(ca)! < lo.get(cz)!;
      });
    });
    if (ordered.length === 0) fail('ORDERING', line, `${what}: the primitive steps break the ordering of method "${hm.name}".`);
    matchesOf.set(id, ordered);
    methodOf.set(id, hm);
  };
  for (const m of d.methods) {
    const hm = methodsByName.get(m.method);
    if (!hm) fail('UNKNOWN_METHOD', m.line, `task ${m.id}: "${m.method}" is not a method of the domain.`);
    if (hm.task !== m.name) fail('METHOD_TASK_MISMATCH', m.line, `task ${m.id} is ${show(m.name, m.args)}, but method "${hm.name}" decomposes "${hm.task}".`);
    matchLine(m.id, hm, m.args, m.subtasks, m.line, `task ${m.id} ${show(m.name, m.args)}`);
  }
  const htn = problem.htn;
  if (htn) {
    const top: HddlMethod = { ...htn, name: 'the initial task network', task: 'root', taskArgs: [], precondition: null, line: 0, column: 0 };
    try {
      matchLine(-1, top, [], d.root, d.rootLine, 'root');
    } catch (e) {
      if (e instanceof Reject && e.code !== 'ORDERING') fail('ROOT_MISMATCH', d.rootLine, e.message);
      throw e;
    }
  } else if (d.root.length > 0) fail('ROOT_MISMATCH', d.rootLine, 'the problem has no initial task network, but the plan lists root tasks.');

  // Where each method's precondition is checked: before its first step (an empty method: where it sits in its parent's order).
  const startOf = new Map<number, number>();
  const walk: { t: number; i: number }[] = d.root.map((t) => ({ t, i: 0 })).reverse();
  let cursor = 0;
  while (walk.length > 0) {
    const top = walk[walk.length - 1];
    const p = prim.get(top.t);
    if (p) {
      cursor = Math.max(cursor, p.pos + 1);
      walk.pop();
      continue;
    }
    const m = meth.get(top.t)!;
    if (top.i === 0) startOf.set(top.t, lo.get(top.t) ?? cursor);
    if (top.i < m.subtasks.length) walk.push({ t: m.subtasks[top.i++], i: 0 });
    else walk.pop();
  }
  const due = new Map<number, number[]>();
  for (const [t, pos] of startOf) due.set(pos, [...(due.get(pos) ?? []), t]);

  // Run the steps; check method preconditions (and constraints, free parameters bound here) where they start.
  const state: FactSet = new Set(problem.init.map((a) => keyOf(a.pred, a.args)));
  const methodsAt = (pos: number) => {
    for (const t of due.get(pos) ?? []) {
      const hm = methodOf.get(t)!;
      const m = meth.get(t)!;
      if (!matchesOf.get(t)!.some((f) => bindsFree(hm, f.b, state, objectsOf)))
        fail('METHOD_PRECONDITION', m.line, `task ${t}: the precondition (or constraints) of method "${hm.name}" does not hold before step ${pos}.`);
    }
  };
  d.primitives.forEach((p, pos) => {
    methodsAt(pos);
    const a = domain.actions.get(p.name)!;
    const b = new Map(a.parameters.map((x, i) => [x.name, p.args[i]]));
    if (!holdsIn(a.precondition, state, b, objectsOf))
      fail('NOT_APPLICABLE', p.line, `step ${p.id} ${show(p.name, p.args)} is not applicable: its precondition does not hold.`);
    applyEffects(a.effects, state, b, objectsOf);
  });
  methodsAt(d.primitives.length);
  if (htn?.constraints && !matchesOf.get(-1)!.some((f) => bindsFree({ ...htn, precondition: null } as unknown as HddlMethod, f.b, state, objectsOf)))
    fail('ROOT_MISMATCH', d.rootLine, 'the constraints of the initial task network do not hold.');
  if (!holdsIn(problem.goal, state, new Map(), objectsOf)) fail('GOAL', d.rootLine, 'the goal does not hold after the last step.');
  void file;
}

/** Some binding of the method's still-free parameters makes its constraints and precondition hold in `state`. */
function bindsFree(hm: HddlMethod, bound: ReadonlyMap<string, string>, state: FactSet, objectsOf: (t: string) => readonly string[]): boolean {
  const free = hm.parameters.filter((p) => !bound.has(p.name));
  const b = new Map(bound);
  const go = (i: number): boolean => {
    if (i === free.length) return holdsIn(hm.constraints, state, b, objectsOf) && holdsIn(hm.precondition, state, b, objectsOf);
    for (const o of objectsOf(free[i].type)) {
      b.set(free[i].name, o);
      if (go(i + 1)) return true;
    }
    b.delete(free[i].name);
    return false;
  };
  return go(0);
}
