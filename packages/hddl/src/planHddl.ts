import { HtnPlanner, type HtnPlan } from '@dualplan/htn';
import type { HddlTask } from './compileHddl.js';
import type { CompiledMethod } from './CompiledMethod.js';
import { HDDL_GOAL } from './compileHddl.js';
import type { HddlDecomposition } from './HddlDecomposition.js';

/** Budgets of {@link planHddl}: an iterative deepening over the number of decompositions in a plan. */
export interface HddlPlanOptions {
  /** Tasks processed per deepening round before giving up (default: 1,000 per millisecond of `timeLimitMs`). */
  readonly maxSteps?: number;
  /**
   * Decompositions allowed in the first deepening round (default: the fewest any plan needs, computed from the
   * ground hierarchy); each round adds a quarter (at least 2).
   */
  readonly startDepth?: number;
  /** Tasks processed by a first depth-first dive with the depth bound at `maxDepth`, before deepening (default 50 000; 0: no dive). */
  readonly diveSteps?: number;
  /** The largest number of decompositions tried (default 2¹⁸). */
  readonly maxDepth?: number;
  /** Wall-clock bound checked between rounds, in milliseconds (default 10 000). */
  readonly timeLimitMs?: number;
}

/** What {@link planHddl} found: the HTN plan, its decomposition, and what the search cost. */
export interface HddlPlanResult {
  /** `'none'`: no plan exists (the search space was exhausted without a depth cut); `'budget'`: a budget ran out first. */
  readonly status: 'found' | 'none' | 'budget';
  readonly plan: HtnPlan | null;
  readonly decomposition: HddlDecomposition | null;
  /** The depth bound of the last round (`maxDepth` when the first dive found the plan), and how many rounds ran. */
  readonly depth: number;
  readonly rounds: number;
  /** Tasks processed in all rounds. */
  readonly expanded: number;
  readonly planMs: number;
}

/**
 * Plan a compiled HDDL problem with the HTN planner (ordered methods, chronological backtracking), deepening
 * the decomposition bound round by round (iterative deepening on plan size) (`atMaxDepth: 'backtrack'`) so recursive methods cannot run away,
 * then rebuild the decomposition tree from the plan and its method traversal record.
 * @example
 * const result = planHddl(groundHddl(domain, problem));
 * if (result.status === 'found') console.log(writeIpcPlan(result.decomposition!));
 */
export function planHddl(task: HddlTask, options: HddlPlanOptions = {}): HddlPlanResult {
  const t0 = performance.now();
  const limit = options.timeLimitMs ?? 10_000;
  const maxSteps = options.maxSteps ?? Math.max(1000, Math.round(limit * 1000));
  const maxDepth = options.maxDepth ?? 1 << 18;
  let depth = Math.min(options.startDepth ?? minDecompositions(task), maxDepth);
  const diveSteps = options.diveSteps ?? 50_000;
  let rounds = 0;
  let expanded = 0;
  const done = (status: HddlPlanResult['status'], plan: HtnPlan | null): HddlPlanResult => ({
    status,
    plan,
    decomposition: plan ? decompositionOf(task, plan) : null,
    depth,
    rounds,
    expanded,
    planMs: performance.now() - t0,
  });
  if (task.htn === null) return done('none', null);
  if (diveSteps > 0) {
    rounds++;
    const r = new HtnPlanner(task.htn, { maxSteps: diveSteps, maxDepth, atMaxDepth: 'backtrack' }).plan(task.start);
    expanded += r.stats.expanded;
    if (r.status === 'found') {
      depth = maxDepth;
      return done('found', r.plan);
    }
    if (r.status === 'none') return done('none', null);
  }
  for (;;) {
    rounds++;
    const planner = new HtnPlanner(task.htn, { maxSteps, maxDepth: depth, atMaxDepth: 'backtrack' });
    const r = planner.plan(task.start);
    expanded += r.stats.expanded;
    if (r.status === 'found') return done('found', r.plan);
    if (r.status === 'none') return done('none', null);
    if (r.budget !== 'depth' || depth >= maxDepth || performance.now() - t0 > limit) return done('budget', null);
    depth = Math.min(depth + Math.max(2, depth >> 2), maxDepth);
  }
}

/** The fewest decompositions any plan needs: 1 per compound task plus the cheapest method's subtasks (a shortest-path fixpoint). */
function minDecompositions(task: HddlTask): number {
  const nodes = task.hierarchy.nodes;
  const cost = new Float64Array(nodes.length).fill(Infinity);
  nodes.forEach((n, i) => n.action >= 0 && (cost[i] = 0));
  const of = (c: CompiledMethod) => c.ground.subtasks.reduce((sum, s) => sum + cost[s], 1);
  for (let changed = true; changed;) {
    changed = false;
    task.methodsOf.forEach((ms, i) => {
      for (const c of ms) {
        const v = of(c);
        if (v < cost[i]) [cost[i], changed] = [v, true];
      }
    });
  }
  const best = task.rootMethods.reduce((low, c) => Math.min(low, of(c)), Infinity);
  return Number.isFinite(best) ? Math.max(1, best) : 1;
}

/** Replay the MTR over the compiled methods: ids 0.. for the primitives in plan order, then the compound tasks in preorder. */
function decompositionOf(task: HddlTask, plan: HtnPlan): HddlDecomposition {
  const nodes = task.hierarchy.nodes;
  const mtr = plan.meta.mtr;
  const steps = plan.steps.filter((s) => s.task !== HDDL_GOAL);
  const primitives = steps.map((s, id) => {
    const n = nodes[task.nodeOf.get(s.task)!];
    return { id, name: n.name, args: n.args };
  });
  const methods: HddlDecomposition['methods'][number][] = [];
  let nextId = primitives.length;
  let nextStep = 0;
  let m = 0;
  // Depth-first, in plan order (the order the planner decomposed in, so the MTR is read front to back).
  type Frame = { c: CompiledMethod; i: number; ids: number[]; node: number; id: number };
  const root: number[] = [];
  const frames: Frame[] = [{ c: task.rootMethods[mtr[m++]], i: 0, ids: root, node: -1, id: -1 }];
  while (frames.length > 0) {
    const f = frames[frames.length - 1];
    if (f.i === f.c.order.length) {
      frames.pop();
      if (f.node >= 0) methods.push({ id: f.id, name: nodes[f.node].name, args: nodes[f.node].args, method: f.c.ground.method.name, subtasks: f.ids });
      continue;
    }
    const child = f.c.ground.subtasks[f.c.order[f.i++]];
    if (nodes[child].action >= 0) {
      if (steps[nextStep]?.task !== nodes[child].key) throw new Error(`internal: plan step ${nextStep} is not ${nodes[child].key}`);
      f.ids.push(nextStep++);
    } else {
      const id = nextId++;
      f.ids.push(id);
      frames.push({ c: task.methodsOf[child][mtr[m++]], i: 0, ids: [], node: child, id });
    }
  }
  methods.sort((a, b) => a.id - b.id);
  return { primitives, root, methods };
}
