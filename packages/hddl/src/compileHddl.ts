import { compileHtnDomain, type CompoundDef, type HtnDomain, type MethodDef } from '@dualplan/htn';
import { createState, defineActions, eq, ne, type ActionSet, type Condition, type Schema, type WorldState } from '@dualplan/world-state';
import type { HddlDomain, HddlMethod, HddlProblem } from './HddlModel.js';
import { groundActions, type GroundFacts } from './groundActions.js';
import { groundFormula, type Literals } from './groundFormula.js';
import { groundHierarchy, type GroundHierarchy, type GroundMethod } from './groundHierarchy.js';
import { linearisations } from './linearise.js';
import type { CompiledMethod } from './CompiledMethod.js';
import { hoistConditions } from './hoistConditions.js';

/** The root task of a compiled problem: it decomposes into the initial task network (then the goal check). */
export const HDDL_ROOT = '(:htn)';
/** The primitive that checks the problem's `:goal` at the end of a plan (left out of the IPC output). */
export const HDDL_GOAL = '(:goal)';

/** Options of {@link groundHddl}: grounding budgets and how partially ordered methods are linearised. */
export interface GroundOptions {
  /** Stop with `TOO_LARGE` past this many ground actions (default 10⁶). */
  readonly maxActions?: number;
  /** Stop with `TOO_LARGE` past this many ground methods (default 10⁶). */
  readonly maxMethods?: number;
  /** Orders tried per partially ordered method (its linearisations, each an HTN method; default 120). Total-order methods have one. */
  readonly maxOrders?: number;
  /**
   * The order a task's methods are tried in: `'non-recursive-first'` (default) moves methods that can lead back to
   * their own task behind the others (stable otherwise), so a depth-first search tries the ways out of a recursion
   * first; `'file'` keeps the domain's order.
   */
  readonly methodOrder?: 'non-recursive-first' | 'file';
  /** Add to each method the conditions every decomposition of it needs at its start (default true; see the docs). */
  readonly hoist?: boolean;
}

/** An HDDL problem compiled for the HTN planner. */
export interface HddlTask {
  readonly domain: HddlDomain;
  readonly problem: HddlProblem;
  readonly facts: GroundFacts;
  readonly hierarchy: GroundHierarchy;
  readonly schema: Schema;
  readonly actions: ActionSet;
  /** The HTN domain, rooted at {@link HDDL_ROOT}; null when grounding proved the problem unsolvable. */
  readonly htn: HtnDomain | null;
  /** The initial state. */
  readonly start: WorldState<any>;
  /** Per ground task node: its HTN methods in the order the planner tries them (the MTR indexes this list). */
  readonly methodsOf: readonly (readonly CompiledMethod[])[];
  readonly rootMethods: readonly CompiledMethod[];
  /** HTN task name → ground task node. */
  readonly nodeOf: ReadonlyMap<string, number>;
  /** Every method is totally ordered (so is the initial network): the planner is complete on this problem, up to its budgets. */
  readonly totalOrder: boolean;
  /** Grounding time in milliseconds. */
  readonly groundMs: number;
}

/**
 * Compile a parsed HDDL problem into an HTN domain the dualplan planner runs: ground the actions (static pruning,
 * relaxed reachability, mutex groups as enum keys), ground the methods top-down from the initial task network
 * and prune what cannot be decomposed, then make one compound task per ground task, one HTN method per ground
 * method and order of its subtasks (in the domain's method order), and one primitive per ground action a task uses.
 * @example
 * const task = groundHddl(parseHddlDomain(TRANSPORT_HDDL_DOMAIN), parseHddlProblem(transportHddlProblem({ packages: 2 }), domain));
 * task.htn?.taskNames.length; // ground actions + compound tasks + 2
 */
export function groundHddl(domain: HddlDomain, problem: HddlProblem, options: GroundOptions = {}): HddlTask {
  const t0 = performance.now();
  const facts = groundActions(domain, problem, options.maxActions ?? 1_000_000);
  const hierarchy = groundHierarchy(domain, problem, facts, options.maxMethods ?? 1_000_000);
  const { encoded } = facts;
  const orders = new Map<HddlMethod, number[][]>();
  const maxOrders = options.maxOrders ?? 120;
  let totalOrder = true;
  const ordersOf = (m: HddlMethod): number[][] => {
    let o = orders.get(m);
    if (!o) {
      orders.set(m, (o = linearisations(m, maxOrders)));
      if (o.length !== 1) totalOrder = false;
    }
    return o;
  };
  const recursive = options.methodOrder === 'file' ? new Set<HddlMethod>() : recursiveMethods(domain);
  const rank = (g: GroundMethod) => (recursive.has(g.method) ? 1 : 0);
  const compile = (gs: readonly GroundMethod[]): CompiledMethod[] =>
    [...gs].sort((a, b) => rank(a) - rank(b)).flatMap((g) => ordersOf(g.method).map((order) => ({ ground: g, order })));
  const methodsOf = hierarchy.nodes.map((n) => compile(n.methods));
  const rootMethods = compile(hierarchy.root);
  const toCondition = conditionMaker(facts);
  const hoisted = options.hoist === false ? null : hoistConditions(hierarchy.nodes, methodsOf, rootMethods, facts);
  const preOf = (c: CompiledMethod): Literals => hoisted?.get(c) ?? c.ground.pre;
  const goal = problem.goal ? groundFormula(problem.goal, new Map(), facts, problem.file) : [];
  const goalConditions = goal === null ? null : toCondition(goal);
  // Only the ground actions some reachable task uses: the relaxation reaches many more (Monroe: 120,000, of which a few thousand).
  const used = [...new Set(hierarchy.nodes.filter((n) => n.action >= 0).map((n) => n.action))].sort((x, y) => x - y);
  const actionDefs = used.map((i) => {
    const a = encoded.actions[i];
    return { name: a.name, operator: a.operator, args: a.args, conditions: a.conditions, effects: a.effects, cost: a.cost };
  });
  if (goalConditions && goal!.length > 0) actionDefs.push({ name: HDDL_GOAL, operator: HDDL_GOAL, args: [], conditions: goalConditions, effects: [], cost: 0 });
  const actions = defineActions(encoded.schema, actionDefs);
  const nameOf = (i: number) => hierarchy.nodes[i].key;
  const methodDef = (c: CompiledMethod): MethodDef | null => {
    const conditions = toCondition(preOf(c));
    if (conditions === null) return null;
    return { name: c.ground.method.name, conditions, subtasks: c.order.map((k) => nameOf(c.ground.subtasks[k])) };
  };
  const tasks: CompoundDef[] = [];
  const nodeOf = new Map<string, number>();
  hierarchy.nodes.forEach((n, i) => {
    nodeOf.set(n.key, i);
    if (n.action >= 0) return;
    const kept = methodsOf[i].filter((c) => toCondition(preOf(c)) !== null);
    (methodsOf as CompiledMethod[][])[i] = kept;
    tasks.push({ kind: 'compound', name: n.key, methods: kept.map((c) => methodDef(c)!) });
  });
  const withGoal = (m: MethodDef): MethodDef => (goalConditions && goal!.length > 0 ? { ...m, subtasks: [...(m.subtasks as string[]), HDDL_GOAL] } : m);
  const roots = goalConditions === null ? [] : rootMethods.filter((c) => toCondition(preOf(c)) !== null);
  let htn: HtnDomain | null = null;
  if (roots.length > 0 && !tasks.some((t) => t.methods.length === 0)) {
    tasks.unshift({ kind: 'compound', name: HDDL_ROOT, methods: roots.map((c) => withGoal(methodDef(c)!)) });
    htn = compileHtnDomain(actions, { name: domain.name, root: HDDL_ROOT, tasks });
  }
  const start = createState(encoded.schema);
  return {
    domain,
    problem,
    facts,
    hierarchy,
    schema: encoded.schema,
    actions,
    htn,
    start,
    methodsOf,
    rootMethods: roots,
    nodeOf,
    totalOrder,
    groundMs: performance.now() - t0,
  };
}

/** Methods whose subtasks can lead back (through methods) to the task they decompose. */
function recursiveMethods(domain: HddlDomain): Set<HddlMethod> {
  const next = new Map<string, Set<string>>();
  for (const m of domain.methods) {
    const s = next.get(m.task) ?? new Set<string>();
    for (const st of m.subtasks) if (domain.tasks.has(st.task)) s.add(st.task);
    next.set(m.task, s);
  }
  const reaches = (from: readonly string[], target: string): boolean => {
    const seen = new Set<string>();
    const todo = [...from];
    for (let t = todo.pop(); t !== undefined; t = todo.pop()) {
      if (t === target) return true;
      if (seen.has(t)) continue;
      seen.add(t);
      todo.push(...(next.get(t) ?? []));
    }
    return false;
  };
  return new Set(
    domain.methods.filter((m) =>
      reaches(
        m.subtasks.map((s) => s.task),
        m.task,
      ),
    ),
  );
}

/** Ground literals → world-state conditions over the encoded cells, or null when two of them contradict. */
function conditionMaker(facts: GroundFacts): (lits: Literals) => Condition[] | null {
  const { cellOf, valueOf, schema } = facts.encoded;
  const handles = schema.keys as Readonly<Record<string, number>>;
  const isBool = (cell: number) => schema.keyInfo(schema.nameOf(cell))?.spec.kind === 'bool';
  const key = (cell: number) => handles[schema.nameOf(cell)] as never;
  return (lits) => {
    const want = new Map<number, number>();
    for (const l of lits) {
      if (l < 0) continue;
      const a = l - 1;
      const before = want.get(cellOf[a]);
      if (before !== undefined && before !== valueOf[a]) return null;
      want.set(cellOf[a], valueOf[a]);
    }
    const out: Condition[] = [];
    for (const [cell, v] of want) out.push(eq(key(cell), isBool(cell) ? true : v));
    for (const l of lits) {
      if (l > 0) continue;
      const a = -l - 1;
      const w = want.get(cellOf[a]);
      if (w === valueOf[a]) return null;
      if (w !== undefined) continue; // another value of the cell is required: implied
      out.push(isBool(cellOf[a]) ? eq(key(cellOf[a]), false) : ne(key(cellOf[a]), valueOf[a]));
    }
    return out;
  };
}
