import type {
  ConditionTexts,
  PlanStatus,
  PlanStep,
  SearchCounter,
  SearchSummary,
  SearchTrace,
  TraceCandidate,
  TraceNode,
  TraceVerdict,
} from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnResult } from '../search/HtnPlan.js';
import * as T from '../search/BestFirstTrace.js';
import { DETAIL_SUBTASKS, htnWhyNoPlan } from './htnSearchTrace.js';
import { qualifiedMethods } from './HtnSearchCapture.js';

type Node = { -readonly [K in keyof TraceNode]: TraceNode[K] };
const KINDS: readonly TraceNode['kind'][] = ['compound', 'primitive', 'delegate', 'compound', 'pause'];

/** An outcome code as a verdict. */
function verdictOf(outcome: number, kind: number): TraceVerdict {
  if (outcome === T.KEPT) return 'kept';
  if (outcome >= 0 || outcome === T.THREW) return 'conditionFailed';
  if (outcome === T.OUT_OF_RANGE) return 'outOfRange';
  if (outcome === T.NO_SUBTASKS) return 'noSubtasks';
  if (outcome === T.NO_METHOD) return 'noMethod';
  if (outcome === T.UNUSABLE) return 'unusable';
  if (outcome === T.UNAVAILABLE) return 'unavailable';
  return kind === T.EXP_DELEGATE ? 'delegateFailed' : 'noMethod';
}

/** An outcome code's words, when it is not a condition of a list ('' for kept). */
function textOf(outcome: number, kind: number): string {
  switch (outcome) {
    case T.THREW:
      return 'a condition or effect function threw';
    case T.OUT_OF_RANGE:
      return 'an effect leaves its range';
    case T.NO_SUBTASKS:
      return DETAIL_SUBTASKS;
    case T.NO_METHOD:
      return 'no method applies (or the depth limit)';
    case T.UNUSABLE:
      return 'cost is Infinity (unusable)';
    case T.UNAVAILABLE:
      return 'on cooldown or done once (unavailable now)';
    case T.FAILED:
      return kind === T.EXP_SLOT ? 'the slot is empty' : 'the delegate found no plan';
    default:
      return '';
  }
}

/**
 * @internal One best-first HTN search as captured for a monitor: its trace's
 * numbers copied (see {@link T.BestFirstTrace}), counted as numbers, named into
 * the shared {@link SearchTrace} shape only when read. Nodes are expansions
 * (the task a partial plan processed next, its cost so far as `g`); every
 * applicable method of a compound is a branch, so several may be `kept`; the
 * path is the expansions of the plan returned.
 */
export class BestFirstCapture implements SearchSummary {
  readonly planner = 'htn';
  readonly status: PlanStatus;
  readonly reason: string;
  readonly target: string;
  private readonly rows: number;
  private readonly cands: number;
  /** Per expansion: the expansion that made its heap node (-1: the root) and the method candidate that did (-1: none). */
  private readonly parent: Int32Array;
  private readonly from: Int32Array;
  private readonly expTask: Int32Array;
  private readonly expKind: Int32Array;
  private readonly expOutcome: Int32Array;
  private readonly expCost: Float64Array;
  private readonly expStep: (PlanStep | null)[];
  private readonly candRow: Int32Array;
  private readonly candMethod: Int32Array;
  private readonly candOutcome: Int32Array;
  /** The expansions of the plan returned, root first, and the method candidates on it. */
  private readonly path: Int32Array;
  private readonly pathCands: Int32Array;
  private readonly tasks: readonly string[];
  private readonly mtr: readonly number[];
  private readonly cost: number;
  private built: SearchTrace | null = null;

  constructor(
    private readonly domain: HtnDomain,
    t: T.BestFirstTrace,
    end: number,
    outcome: HtnResult,
    target: string,
  ) {
    this.status = outcome.status;
    this.reason = outcome.reason;
    const plan = outcome.status === 'found' ? outcome.plan : null;
    this.target = target || (plan !== null ? plan.meta.root : t.rows > 0 ? domain.taskNames[t.expTask[0]] : '(tasks)');
    this.rows = t.rows;
    this.cands = t.candidates;
    this.parent = new Int32Array(t.rows);
    this.from = new Int32Array(t.rows);
    for (let r = 0; r < t.rows; r++) {
      this.parent[r] = t.nodeRow[t.expNode[r]];
      this.from[r] = t.nodeCand[t.expNode[r]];
    }
    this.expTask = t.expTask.slice(0, t.rows);
    this.expKind = t.expKind.slice(0, t.rows);
    this.expOutcome = t.expOutcome.slice(0, t.rows);
    this.expCost = t.expCost.slice(0, t.rows);
    this.expStep = t.expStep.slice(0, t.rows);
    this.candRow = t.candRow.slice(0, t.candidates);
    this.candMethod = t.candMethod.slice(0, t.candidates);
    this.candOutcome = t.candOutcome.slice(0, t.candidates);
    // The path: the expansions that made the plan's end node, root first; the method candidates on it.
    let len = 0;
    for (let r = end >= 0 ? t.nodeRow[end] : -1; r >= 0; r = this.parent[r]) len++;
    this.path = new Int32Array(len);
    this.pathCands = new Int32Array(len);
    for (let r = end >= 0 ? t.nodeRow[end] : -1, i = len - 1; r >= 0; r = this.parent[r], i--) this.path[i] = r;
    for (let i = 0; i < len; i++) this.pathCands[i] = i + 1 < len ? this.from[this.path[i + 1]] : t.nodeCand[end];
    this.tasks = plan === null ? [] : plan.steps.map((s) => s.task);
    this.mtr = plan === null ? [] : plan.meta.mtr.slice();
    this.cost = plan === null ? 0 : plan.cost;
  }

  get items(): number {
    return this.rows + this.cands;
  }

  count(counter: SearchCounter): void {
    const d = this.domain;
    const path = this.path;
    let p = 0;
    for (let r = 0; r < this.rows; r++) {
      const onPath = p < path.length && path[p] === r;
      if (onPath) p++;
      const kind = this.expKind[r];
      const outcome = this.expOutcome[r];
      if (kind === T.EXP_COMPOUND || kind === T.EXP_SLOT) counter.compound(d.taskNames[this.expTask[r]], outcome === T.KEPT, onPath);
      else if (kind === T.EXP_PRIMITIVE) {
        const step = this.expStep[r];
        const name = d.taskNames[this.expTask[r]];
        const conds: ConditionTexts | null = outcome >= 0 && step !== null ? step.conditions : null;
        counter.primitive(name, verdictOf(outcome, kind), conds, outcome >= 0 ? outcome : -1, textOf(outcome, kind));
      }
    }
    const names = qualifiedMethods(d);
    for (let c = 0; c < this.cands; c++) {
      const m = this.candMethod[c];
      const outcome = this.candOutcome[c];
      counter.method(
        names[m],
        verdictOf(outcome, T.EXP_COMPOUND),
        this.pathCands.includes(c),
        d.methodConds[m],
        outcome >= 0 ? outcome : -1,
        textOf(outcome, T.EXP_COMPOUND),
      );
    }
    if (this.status === 'found') for (const task of this.tasks) counter.planned(task);
  }

  /** The search's trace (built on the first call; the same object after). */
  readonly read = (): SearchTrace => (this.built ??= this.build());

  private build(): SearchTrace {
    const d = this.domain;
    const onPath = new Set(this.path);
    const nodes: Node[] = [];
    const candidates: TraceCandidate[] = [];
    for (let c = 0; c < this.cands; c++) {
      const m = this.candMethod[c];
      const outcome = this.candOutcome[c];
      const detail = outcome >= 0 ? d.methodConds[m].describe(outcome) : textOf(outcome, T.EXP_COMPOUND);
      candidates.push({
        node: this.candRow[c],
        name: d.methodNames[m],
        index: m - d.methodStart[this.expTask[this.candRow[c]]],
        verdict: verdictOf(outcome, T.EXP_COMPOUND),
        detail,
      });
    }
    for (let r = 0; r < this.rows; r++) {
      const kind = this.expKind[r];
      const outcome = this.expOutcome[r];
      const step = this.expStep[r];
      const detail = outcome >= 0 && step !== null ? step.conditions.describe(outcome) : textOf(outcome, kind);
      const via = kind === T.EXP_COMPOUND && onPath.has(r) ? this.viaOnPath(r) : null;
      nodes.push({
        id: r,
        parent: this.parent[r],
        from: this.from[r],
        kind: KINDS[kind],
        label: kind === T.EXP_MARKER ? '(marker)' : d.taskNames[this.expTask[r]],
        via,
        g: this.expCost[r],
        h: 0,
        verdict: verdictOf(outcome, kind),
        detail: outcome === T.KEPT ? '' : detail,
        onPath: onPath.has(r),
        abandoned: false,
      });
    }
    const trace: SearchTrace = {
      planner: 'htn',
      target: this.target,
      mode: 'best-first',
      status: this.status,
      reason: this.reason,
      nodes,
      candidates,
      events: nodes.map((n) => ({ type: 'visit' as const, node: n.id })),
      path: [...this.path],
      plan: [...this.tasks],
      cost: this.cost,
      mtr: [...this.mtr],
      backtracks: 0,
      whyNoPlan: '',
    };
    return this.status === 'found' ? trace : { ...trace, whyNoPlan: htnWhyNoPlan(trace) };
  }

  /** The method chosen at path expansion `row` (the path's candidate there). */
  private viaOnPath(row: number): string | null {
    const i = this.path.indexOf(row);
    const c = i >= 0 ? this.pathCands[i] : -1;
    return c >= 0 ? this.domain.methodNames[this.candMethod[c]] : null;
  }
}
