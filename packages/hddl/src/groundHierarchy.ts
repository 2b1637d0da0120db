import { HddlError } from './HddlError.js';
import type { HddlDomain, HddlFormula, HddlMethod, HddlProblem } from './HddlModel.js';
import { keyOf, type GroundFacts } from './groundActions.js';
import { conjuncts, freeVars, groundFormula, type Literals } from './groundFormula.js';

/** One ground task: a primitive (its index among the encoded actions) or a compound with ground methods. */
export interface GroundTaskNode {
  /** `(name a b)`. */
  readonly key: string;
  readonly name: string;
  readonly args: readonly string[];
  /** Index in the encoded actions, or -1 for a compound task. */
  readonly action: number;
  methods: GroundMethod[];
}

/** One ground method: the lifted method, its parameters' objects, its precondition literals and subtasks (node ids, in the method's subtask order). */
export interface GroundMethod {
  readonly method: HddlMethod;
  readonly args: readonly string[];
  readonly pre: Literals;
  readonly subtasks: readonly number[];
}

/** The ground hierarchy: tasks reachable from the initial network that can be decomposed into ground actions. */
export interface GroundHierarchy {
  readonly nodes: readonly GroundTaskNode[];
  /** The initial task network's ground instances (one per binding of its `:parameters`), as methods of a pseudo task. */
  readonly root: readonly GroundMethod[];
  /** The pseudo method standing for the initial task network. */
  readonly rootMethod: HddlMethod;
}

/** A check on a partial binding, run once every variable it reads is bound. */
interface Check {
  readonly vars: ReadonlySet<string>;
  readonly test: (b: ReadonlyMap<string, string>) => boolean;
}

/**
 * Ground the hierarchy top-down from the initial task network: each compound task's methods are bound (task
 * arguments unified, the other parameters enumerated over their types and pruned as soon as a precondition
 * conjunct, a constraint or a primitive subtask that no reachable action matches fails), then, bottom-up, tasks
 * that cannot be decomposed into actions and the methods using them are dropped. `TOO_LARGE` past `maxMethods`. @internal
 */
export function groundHierarchy(domain: HddlDomain, problem: HddlProblem, facts: GroundFacts, maxMethods: number): GroundHierarchy {
  const htn = problem.htn;
  if (!htn)
    throw new HddlError(
      'UNSUPPORTED',
      problem.name,
      'the problem has no :htn (an initial task network); goal-only problems are classical planning: use @dualplan/pddl.',
      null,
      problem.file,
    );
  const rootMethod: HddlMethod = { ...htn, name: '__top', task: '__top', taskArgs: [], precondition: null, line: 0, column: 0 };
  const byTask = new Map<string, HddlMethod[]>();
  for (const m of domain.methods) byTask.set(m.task, [...(byTask.get(m.task) ?? []), m]);
  const nodes: GroundTaskNode[] = [];
  const ids = new Map<string, number>();
  const queue: number[] = [];
  let count = 0;
  const typeSets = new Map<string, Set<string>>();
  const isA = (o: string, type: string): boolean => {
    let s = typeSets.get(type);
    if (!s) typeSets.set(type, (s = new Set(facts.objectsOf(type))));
    return s.has(o);
  };
  const intern = (name: string, args: readonly string[]): number => {
    const key = keyOf(name, args);
    let id = ids.get(key);
    if (id === undefined) {
      id = nodes.length;
      ids.set(key, id);
      const action = domain.actions.has(name) ? (facts.actionIndex.get(key) ?? -2) : -1;
      nodes.push({ key, name, args, action, methods: [] });
      if (action === -1) queue.push(id);
    }
    return id;
  };
  const checksOf = new Map<HddlMethod, Check[]>();
  const ground = (m: HddlMethod, taskArgs: readonly string[]): GroundMethod[] => {
    const b = new Map<string, string>();
    for (let i = 0; i < taskArgs.length; i++) {
      const x = m.taskArgs[i];
      if (!x.startsWith('?')) {
        if (x !== taskArgs[i]) return [];
        continue;
      }
      const before = b.get(x);
      if (before !== undefined && before !== taskArgs[i]) return [];
      const p = m.parameters.find((q) => q.name === x)!;
      if (!isA(taskArgs[i], p.type)) return [];
      b.set(x, taskArgs[i]);
    }
    let checks = checksOf.get(m);
    if (!checks) checksOf.set(m, (checks = methodChecks(m, domain, facts)));
    const out: GroundMethod[] = [];
    const free = m.parameters.filter((p) => !b.has(p.name));
    const bound = new Set(b.keys());
    const ready = checks.filter((c) => [...c.vars].every((v) => bound.has(v)));
    if (!ready.every((c) => c.test(b))) return out;
    // Bind the parameter completing the most checks first (then the one with fewest objects).
    const order: string[] = [];
    const at: Check[][] = [];
    const left = new Set(free.map((p) => p.name));
    const sizeOf = (v: string) => facts.objectsOf(m.parameters.find((p) => p.name === v)!.type).length;
    while (left.size > 0) {
      let best = '';
      let score = -1;
      let bestSize = 0;
      for (const v of left) {
        const s = checks.filter((c) => c.vars.has(v) && [...c.vars].every((w) => w === v || bound.has(w))).length;
        const size = sizeOf(v);
        if (s > score || (s === score && size < bestSize)) [best, score, bestSize] = [v, s, size];
      }
      at.push(checks.filter((c) => c.vars.has(best) && [...c.vars].every((w) => w === best || bound.has(w))));
      bound.add(best);
      left.delete(best);
      order.push(best);
    }
    const emit = (): void => {
      const pre = groundFormula(m.precondition ?? { kind: 'and', args: [] }, b, facts, domain.file);
      if (pre === null || pre.some((l) => pre.includes(-l))) return;
      if (++count > maxMethods)
        throw new HddlError(
          'TOO_LARGE',
          m.name,
          `grounding makes more than ${maxMethods} methods (at "${m.name}"): raise maxMethods or narrow its parameters.`,
          m,
          domain.file,
        );
      const args = m.parameters.map((p) => b.get(p.name)!);
      const subtasks = m.subtasks.map((s) =>
        intern(
          s.task,
          s.args.map((x) => (x.startsWith('?') ? b.get(x)! : x)),
        ),
      );
      if (subtasks.some((s) => nodes[s].action === -2)) return;
      out.push({ method: m, args, pre: [...new Set(pre)], subtasks });
    };
    const bind = (i: number): void => {
      if (i === order.length) return emit();
      const v = order[i];
      next: for (const o of facts.objectsOf(m.parameters.find((p) => p.name === v)!.type)) {
        b.set(v, o);
        for (const c of at[i]) if (!c.test(b)) continue next;
        bind(i + 1);
      }
      b.delete(v);
    };
    bind(0);
    return out;
  };
  const root = ground(rootMethod, []);
  for (let qi = 0; qi < queue.length; qi++) {
    const node = nodes[queue[qi]];
    for (const m of byTask.get(node.name) ?? []) for (const g of ground(m, node.args)) node.methods.push(g);
  }
  return prune(nodes, root, rootMethod);
}

function methodChecks(m: HddlMethod, domain: HddlDomain, facts: GroundFacts): Check[] {
  const checks: Check[] = [];
  const formulaCheck = (f: HddlFormula): Check => ({ vars: freeVars(f), test: (b) => groundFormula(f, b, facts, domain.file) !== null });
  for (const f of conjuncts(m.precondition)) checks.push(formulaCheck(f));
  for (const f of conjuncts(m.constraints)) checks.push(formulaCheck(f));
  for (const s of m.subtasks) {
    if (!domain.actions.has(s.task)) continue;
    checks.push({
      vars: new Set(s.args.filter((x) => x.startsWith('?'))),
      test: (b) =>
        facts.actionIndex.has(
          keyOf(
            s.task,
            s.args.map((x) => (x.startsWith('?') ? b.get(x)! : x)),
          ),
        ),
    });
  }
  return checks;
}

/** Keep what can be decomposed into actions (a least fixpoint), then what the initial network reaches; renumber. */
function prune(nodes: GroundTaskNode[], root: GroundMethod[], rootMethod: HddlMethod): GroundHierarchy {
  const alive = new Uint8Array(nodes.length);
  nodes.forEach((n, i) => (alive[i] = n.action >= 0 ? 1 : 0));
  const ok = (g: GroundMethod) => g.subtasks.every((s) => alive[s]);
  for (let changed = true; changed;) {
    changed = false;
    nodes.forEach((n, i) => {
      if (!alive[i] && n.action === -1 && n.methods.some(ok)) changed = !!(alive[i] = 1);
    });
  }
  for (const n of nodes) n.methods = n.methods.filter(ok);
  const keptRoot = root.filter(ok);
  const newId = new Int32Array(nodes.length).fill(-1);
  const out: GroundTaskNode[] = [];
  const visit = (i: number): void => {
    const todo = [i];
    for (let t = todo.pop(); t !== undefined; t = todo.pop()) {
      if (newId[t] >= 0) continue;
      newId[t] = out.length;
      out.push(nodes[t]);
      for (const g of nodes[t].methods) todo.push(...g.subtasks);
    }
  };
  for (const g of keptRoot) g.subtasks.forEach(visit);
  const remap = (g: GroundMethod): GroundMethod => ({ ...g, subtasks: g.subtasks.map((s) => newId[s]) });
  for (const n of out) n.methods = n.methods.map(remap);
  return { nodes: out, root: keptRoot.map(remap), rootMethod };
}
