import type { SearchTrace, TraceCandidate, TraceEvent, TraceNode, TraceVerdict } from '@dualplan/world-state';
import type { HtnResult } from '../search/HtnPlan.js';
import type { HtnTraceEvent } from '../search/HtnTraceEvent.js';

type Node = { -readonly [K in keyof TraceNode]: TraceNode[K] };
type Candidate = { -readonly [K in keyof TraceCandidate]: TraceCandidate[K] };

/**
 * Open compounds, innermost last, as flat triples (node, subtasks still to
 * process, index of the chosen method in the candidates): a snapshot is one `slice()`.
 */
type Frames = number[];

/** A decomposition the search may come back to: everything needed to undo what followed it. */
interface Point {
  node: number;
  candidate: number;
  frames: Frames;
  nodeCount: number;
  steps: number;
}

const REJECTED: Record<'condition' | 'subtasks' | 'pruned' | 'unavailable', TraceVerdict> = {
  condition: 'conditionFailed',
  subtasks: 'noSubtasks',
  pruned: 'pruned',
  unavailable: 'unavailable',
};
/** @internal */
export const DETAIL_SUBTASKS = 'its subtask function returned no subtasks';
/** @internal */
export const DETAIL_PRUNED = 'cannot beat the running plan (method traversal record)';

/**
 * Rebuild the decomposition tree of one HTN search from its trace events
 * (`planner.trace`, recorded with tracing on) as the planner-neutral
 * {@link SearchTrace}: one node per task processed (compounds, primitives,
 * delegates, pause points), every method tried in order with its verdict and
 * failing condition, backtracks, the branches they abandoned, and the plan's
 * path. `g` of an HTN node counts the plan steps before it.
 * @example
 * const planner = new HtnPlanner(trollHtnDomain(), { trace: true });
 * const outcome = planner.plan(state);
 * const trace = htnSearchTrace(planner.trace, outcome, 'BeTrunkThumper');
 * trace.candidates.filter((c) => c.verdict === 'conditionFailed').map((c) => `${c.name}: ${c.detail}`);
 */
export function htnSearchTrace(events: readonly HtnTraceEvent[], outcome: HtnResult, target: string): SearchTrace {
  const nodes: Node[] = [];
  const candidates: Candidate[] = [];
  const order: TraceEvent[] = [];
  let frames: Frames = [];
  const points: Point[] = [];
  let open = -1;
  let steps = 0;
  let backtracks = 0;
  // Steps a successful delegate splices in: their primitive events belong to the delegate's node.
  let delegate = -1;
  let delegateLeft = 0;

  const add = (kind: Node['kind'], label: string): Node => {
    let parent = -1;
    let from = -1;
    if (delegateLeft > 0) {
      delegateLeft--;
      parent = delegate;
    } else {
      while (frames.length > 0 && frames[frames.length - 2] === 0) frames.length -= 3;
      const top = frames.length - 3;
      if (top >= 0) {
        frames[top + 1]--;
        parent = frames[top];
        from = frames[top + 2];
      }
    }
    const node: Node = { id: nodes.length, parent, from, kind, label, via: null, g: steps, h: 0, verdict: 'kept', detail: '', onPath: false, abandoned: false };
    nodes.push(node);
    order.push({ type: 'visit', node: node.id });
    return node;
  };

  for (const e of events) {
    switch (e.type) {
      case 'method-rejected':
      case 'decompose':
      case 'no-method': {
        if (open < 0) open = add('compound', e.task).id;
        const node = nodes[open];
        if (e.type === 'method-rejected') {
          const detail = e.reason === 'condition' || e.reason === 'unavailable' ? e.condition : e.reason === 'subtasks' ? DETAIL_SUBTASKS : DETAIL_PRUNED;
          candidates.push({ node: open, name: e.method, index: e.methodIndex, verdict: REJECTED[e.reason], detail });
        } else if (e.type === 'decompose') {
          candidates.push({ node: open, name: e.method, index: e.methodIndex, verdict: 'kept', detail: '' });
          node.via = e.method;
          points.push({ node: open, candidate: candidates.length - 1, frames: frames.slice(), nodeCount: nodes.length, steps });
          frames.push(open, e.subtasks, candidates.length - 1);
          open = -1;
        } else {
          node.verdict = 'noMethod';
          node.detail = 'no method applies';
          open = -1;
        }
        break;
      }
      case 'primitive':
        add('primitive', e.task);
        steps++;
        break;
      case 'primitive-failed': {
        const node = add('primitive', e.task);
        node.verdict = e.unavailable ? 'unavailable' : 'conditionFailed';
        node.detail = e.condition;
        delegateLeft = 0;
        break;
      }
      case 'delegate': {
        const node = add('delegate', e.task);
        if (e.status === 'found') {
          delegate = node.id;
          delegateLeft = e.steps;
        } else {
          node.verdict = 'delegateFailed';
          node.detail = e.reason;
        }
        break;
      }
      case 'pause':
        add('pause', e.remaining < 0 ? '(pause: nothing to split)' : `(pause: ${e.remaining} tasks left for later)`);
        break;
      case 'backtrack': {
        backtracks++;
        let point = points.pop();
        while (point && !(nodes[point.node].label === e.task && candidates[point.candidate].index === e.fromMethod)) point = points.pop();
        if (!point) break;
        for (let i = point.nodeCount; i < nodes.length; i++) nodes[i].abandoned = true;
        candidates[point.candidate].verdict = 'branchFailed';
        candidates[point.candidate].detail = 'a task below it could not be planned';
        frames = point.frames;
        steps = point.steps;
        delegateLeft = 0;
        open = point.node;
        nodes[open].via = null;
        order.push({ type: 'backtrack', node: open });
        break;
      }
      case 'budget':
        break;
    }
  }

  const found = outcome.status === 'found';
  const path: number[] = [];
  if (found) {
    for (const n of nodes) {
      if (!n.abandoned && n.verdict === 'kept') {
        n.onPath = true;
        path.push(n.id);
      }
    }
  }
  const plan = outcome.plan;
  const trace: SearchTrace = {
    planner: 'htn',
    target: target || (nodes.length > 0 ? nodes[0].label : '(tasks)'),
    mode: 'ordered',
    status: outcome.status,
    reason: outcome.reason,
    nodes,
    candidates,
    events: order,
    path,
    plan: found && plan ? plan.steps.map((s) => s.task) : [],
    cost: found && plan ? plan.cost : 0,
    mtr: found && plan ? (plan.meta.mtr.slice() as number[]) : [],
    backtracks,
    whyNoPlan: '',
  };
  return found ? trace : { ...trace, whyNoPlan: htnWhyNoPlan(trace) };
}

/**
 * Why an HTN search found no plan, in words: for each root compound, every
 * method in the order tried with the condition that rejected it, and for a
 * method that applied but whose branch failed, the deepest failure below it
 * (the task furthest down that could not be planned, and why).
 * @example
 * htnWhyNoPlan(trace);
 * // no plan for BeTrunkThumper:
 * //   method 0 Attack: WsCanSeeEnemy == true
 * //   method 1 Patrol: applied; deepest failure: primitive NavigateToBridge: WsBridgeBroken == false
 */
export function htnWhyNoPlan(trace: SearchTrace): string {
  if (trace.status === 'found') return '';
  const lines = [`no plan for ${trace.target}${trace.status === 'budget' ? ` (${trace.reason})` : ''}:`];
  const roots = trace.nodes.filter((n) => n.parent < 0);
  for (const root of roots) {
    if (root.kind !== 'compound') {
      if (root.verdict !== 'kept') lines.push(`  ${root.kind} ${root.label}: ${root.detail}`);
      continue;
    }
    const tried = trace.candidates.filter((c) => c.node === root.id);
    if (roots.length > 1) lines.push(`  ${root.label}:`);
    const indent = roots.length > 1 ? '    ' : '  ';
    if (tried.length === 0) lines.push(`${indent}${root.detail || 'not decomposed'}`);
    for (const c of tried) {
      const i = trace.candidates.indexOf(c);
      const text = c.verdict === 'kept' ? 'applied' : c.verdict === 'branchFailed' ? `applied; ${deepestFailure(trace, i)}` : c.detail;
      lines.push(`${indent}method ${c.index} ${c.name}: ${text}`);
    }
  }
  return lines.join('\n');
}

/** The failed node furthest down the branch of candidate `from` (the last one at that depth). */
function deepestFailure(trace: SearchTrace, from: number): string {
  const nodes = trace.nodes;
  const inBranch = (n: TraceNode): number => {
    // Depth below the candidate's compound, or -1 when `n` is not in its branch.
    let d = 1;
    for (let cur: TraceNode | undefined = n; cur; cur = nodes[cur.parent], d++) {
      if (cur.from === from) return d;
      if (cur.parent < 0) return -1;
    }
    return -1;
  };
  let best: TraceNode | null = null;
  let bestDepth = 0;
  for (const n of nodes) {
    if (n.verdict === 'kept') continue;
    const d = inBranch(n);
    if (d > 0 && d >= bestDepth) {
      best = n;
      bestDepth = d;
    }
  }
  return best ? `deepest failure: ${best.kind} ${best.label}: ${best.detail}` : 'its branch failed';
}
