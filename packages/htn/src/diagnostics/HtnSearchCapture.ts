import {
  describeUnavailableCode,
  type ConditionTexts,
  type PlanStatus,
  type PlanStep,
  type SearchCounter,
  type SearchSummary,
  type SearchTrace,
  type TraceVerdict,
} from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnResult } from '../search/HtnPlan.js';
import {
  BACKTRACK,
  DECOMPOSE,
  DELEGATE,
  NO_METHOD,
  PAUSE,
  PRIMITIVE,
  PRIMITIVE_FAILED,
  REJECT_CONDITION,
  REJECT_SUBTASKS,
  REJECT_UNAVAILABLE,
  REJECTED,
  STEP_THREW,
  STEP_UNAVAILABLE,
  recordFields,
  traceEvents,
  type HtnTraceLog,
} from '../search/HtnTraceLog.js';
import { DETAIL_PRUNED, DETAIL_SUBTASKS, htnSearchTrace } from './htnSearchTrace.js';

const NONE: readonly never[] = [];
const REJECT_VERDICTS: readonly TraceVerdict[] = ['conditionFailed', 'noSubtasks', 'pruned', 'unavailable'];
const KIND_COMPOUND = 0;
const KIND_PRIMITIVE = 1;
const KIND_OTHER = 2;
const THREW = 'a condition or effect function threw';
const OUT_OF_RANGE = 'an effect leaves its range';

/** Methods by index as `Compound.method`, made once per domain (the names statistics count methods by). */
const qualified = new WeakMap<HtnDomain, string[]>();

/** @internal Methods by index as `Compound.method`, made once per domain. */
export function qualifiedMethods(d: HtnDomain): string[] {
  let names = qualified.get(d);
  if (names === undefined) {
    names = d.methodNames.map(() => '');
    d.taskNames.forEach((task, t) => {
      for (let m = d.methodStart[t]; m < d.methodEnd[t]; m++) names![m] = `${task}.${d.methodNames[m]}`;
    });
    qualified.set(d, names);
  }
  return names;
}

/**
 * The nodes and candidates of one search while it is counted, in reused arrays
 * (a count allocates nothing once they have grown).
 */
class CountScratch {
  kind: number[] = [];
  label: string[] = [];
  verdict: TraceVerdict[] = [];
  abandoned: boolean[] = [];
  conds: (ConditionTexts | null)[] = [];
  failing: number[] = [];
  text: string[] = [];
  nodes = 0;
  candNode: number[] = [];
  candMethod: number[] = [];
  candVerdict: TraceVerdict[] = [];
  candFailing: number[] = [];
  candText: string[] = [];
  candidates = 0;
  /** Decomposition points as (node, candidate, node count) triples, innermost last: `top` numbers of them. */
  points: number[] = [];
  top = 0;

  /** A decomposition the search may come back to. */
  point(node: number, candidate: number, nodes: number): void {
    const p = this.points;
    const t = this.top;
    p[t] = node;
    p[t + 1] = candidate;
    p[t + 2] = nodes;
    this.top = t + 3;
  }
  busy = false;

  node(kind: number, label: string): number {
    const i = this.nodes++;
    this.kind[i] = kind;
    this.label[i] = label;
    this.verdict[i] = 'kept';
    this.abandoned[i] = false;
    this.conds[i] = null;
    this.failing[i] = -1;
    this.text[i] = '';
    return i;
  }

  candidate(node: number, method: number, verdict: TraceVerdict, failing: number, text: string): void {
    const i = this.candidates++;
    this.candNode[i] = node;
    this.candMethod[i] = method;
    this.candVerdict[i] = verdict;
    this.candFailing[i] = failing;
    this.candText[i] = text;
  }
}

const shared = new CountScratch();

/**
 * @internal One ordered HTN search captured cheaply (see {@link captureHtnSearch}):
 * its records (numbers and shared references, see {@link HtnTraceLog}), plan
 * tasks and MTR copied into one array. {@link count} walks the records as
 * numbers; {@link read} builds the {@link SearchTrace} once, when first called.
 */
export class HtnSearchCapture implements SearchSummary {
  readonly planner = 'htn';
  readonly status: PlanStatus;
  readonly reason: string;
  private built: SearchTrace | null = null;

  constructor(
    private readonly domain: HtnDomain | null,
    private readonly kept: unknown[],
    private readonly records: number,
    private readonly tasks: number,
    outcome: HtnResult,
    private readonly root: string,
    private readonly cost: number,
  ) {
    this.status = outcome.status;
    this.reason = outcome.reason;
  }

  get items(): number {
    return this.records;
  }

  /** The root task as the trace names it: the given one, else the first task the search reached. */
  get target(): string {
    if (this.root !== '' || this.records === 0 || this.domain === null) return this.root || '(tasks)';
    const code = this.kept[0] as number;
    const a = this.kept[1];
    if (code === PRIMITIVE || code === PRIMITIVE_FAILED) return (a as PlanStep).task;
    if (code === PAUSE || code > DELEGATE) return this.read().target;
    return this.domain.taskNames[a as number];
  }

  /** The search's trace (built on the first call; the same object after). */
  readonly read = (): SearchTrace => {
    const { kept, records: n, tasks, status, reason, cost } = this;
    const found = status === 'found';
    return (this.built ??= htnSearchTrace(
      this.domain === null ? [] : traceEvents(this.domain, kept, n),
      {
        status,
        reason,
        plan: found ? { steps: kept.slice(n, n + tasks).map((task) => ({ task })), cost, meta: { mtr: kept.slice(n + tasks) } } : null,
      } as unknown as HtnResult,
      this.root,
    ));
  };

  /**
   * Whether this capture holds exactly what capturing `log` with `outcome` and `target` would make
   * (the same records, plan tasks, MTR and outcome): then its counts and trace are the same too.
   */
  matches(log: HtnTraceLog, outcome: HtnResult, target: string): boolean {
    const n = log.length;
    if (n !== this.records || log.domain !== this.domain || !this.samePlan(outcome, target)) return false;
    const data = log.data;
    const kept = this.kept;
    for (let i = 0; i < n; i++) if (data[i] !== kept[i]) return false;
    return true;
  }

  /** Whether `outcome` is the result this search returned (status, reason, cost, plan tasks and MTR), for `target`. */
  samePlan(outcome: HtnResult, target: string): boolean {
    const plan = outcome.status === 'found' ? outcome.plan : null;
    const steps = plan === null ? NONE : plan.steps;
    const mtr = plan === null ? NONE : plan.meta.mtr;
    const n = this.records;
    const kept = this.kept;
    if (steps.length !== this.tasks || kept.length !== n + steps.length + mtr.length) return false;
    if (target !== this.root || outcome.status !== this.status || outcome.reason !== this.reason) return false;
    if ((plan === null ? 0 : plan.cost) !== this.cost) return false;
    for (let i = 0; i < steps.length; i++) if (steps[i].task !== kept[n + i]) return false;
    for (let i = 0; i < mtr.length; i++) if (mtr[i] !== kept[n + steps.length + i]) return false;
    return true;
  }

  count(counter: SearchCounter): void {
    const d = this.domain;
    if (d !== null) {
      const s = shared.busy ? new CountScratch() : shared;
      s.busy = true;
      try {
        this.walk(d, s);
        this.tell(d, s, counter);
      } finally {
        s.busy = false;
      }
    }
    if (this.status === 'found') for (let i = 0; i < this.tasks; i++) counter.planned(this.kept[this.records + i] as string);
  }

  /** Rebuild the nodes and candidates as {@link htnSearchTrace} does, as numbers (parents are not needed to count). */
  private walk(d: HtnDomain, s: CountScratch): void {
    const data = this.kept;
    s.nodes = s.candidates = 0;
    s.top = 0;
    let open = -1;
    for (let i = 0; i < this.records; i += 1 + recordFields(data[i] as number)) {
      const a = data[i + 1] as number;
      const b = data[i + 2] as number;
      const c = data[i + 3] as number;
      const e = data[i + 4] as number;
      switch (data[i]) {
        case DECOMPOSE:
          if (open < 0) open = s.node(KIND_COMPOUND, d.taskNames[a]);
          s.candidate(open, b, 'kept', -1, '');
          s.point(open, s.candidates - 1, s.nodes);
          open = -1;
          break;
        case REJECTED:
          if (open < 0) open = s.node(KIND_COMPOUND, d.taskNames[a]);
          s.candidate(
            open,
            b,
            REJECT_VERDICTS[c],
            c === REJECT_CONDITION ? e : -1,
            c === REJECT_CONDITION || c === REJECT_UNAVAILABLE ? '' : c === REJECT_SUBTASKS ? DETAIL_SUBTASKS : DETAIL_PRUNED,
          );
          break;
        case NO_METHOD:
          if (open < 0) open = s.node(KIND_COMPOUND, d.taskNames[a]);
          s.verdict[open] = 'noMethod';
          open = -1;
          break;
        case PRIMITIVE:
          s.node(KIND_PRIMITIVE, (data[i + 1] as PlanStep).task);
          break;
        case PRIMITIVE_FAILED: {
          const step = data[i + 1] as PlanStep;
          const node = s.node(KIND_PRIMITIVE, step.task);
          s.verdict[node] = b === STEP_UNAVAILABLE ? 'unavailable' : 'conditionFailed';
          if (b >= 0) {
            s.conds[node] = step.conditions;
            s.failing[node] = b;
          } else s.text[node] = b === STEP_UNAVAILABLE ? describeUnavailableCode(c) : b === STEP_THREW ? THREW : OUT_OF_RANGE;
          break;
        }
        case BACKTRACK: {
          // Back to the innermost decomposition of this task by the method it left: what followed it was abandoned.
          const p = s.points;
          let at = s.top - 3;
          while (at >= 0 && !(s.label[p[at]] === d.taskNames[a] && s.candMethod[p[at + 1]] - d.methodStart[a] === b)) at -= 3;
          if (at < 0) {
            s.top = 0;
            break;
          }
          for (let k = p[at + 2]; k < s.nodes; k++) s.abandoned[k] = true;
          s.candVerdict[p[at + 1]] = 'branchFailed';
          open = p[at];
          s.top = at;
          break;
        }
        case DELEGATE: {
          const node = s.node(KIND_OTHER, d.taskNames[a]);
          if (data[i + 2] !== 'found') s.verdict[node] = 'delegateFailed';
          break;
        }
        case PAUSE:
          s.node(KIND_OTHER, '');
          break;
      }
    }
  }

  private tell(d: HtnDomain, s: CountScratch, counter: SearchCounter): void {
    const found = this.status === 'found';
    for (let i = 0; i < s.nodes; i++) {
      const kind = s.kind[i];
      if (kind === KIND_COMPOUND) counter.compound(s.label[i], s.verdict[i] === 'kept', found && !s.abandoned[i] && s.verdict[i] === 'kept');
      else if (kind === KIND_PRIMITIVE) counter.primitive(s.label[i], s.verdict[i], s.conds[i], s.failing[i], s.text[i]);
    }
    const names = qualifiedMethods(d);
    for (let i = 0; i < s.candidates; i++) {
      const node = s.candNode[i];
      const m = s.candMethod[i];
      const verdict = s.candVerdict[i];
      const onPath = verdict === 'kept' && found && !s.abandoned[node] && s.verdict[node] === 'kept';
      counter.method(names[m], verdict, onPath, d.methodConds[m], s.candFailing[i], verdict === 'branchFailed' ? '' : s.candText[i]);
    }
  }
}

/**
 * One search captured cheaply: one array holding its trace records, its plan's
 * tasks and MTR; counted as numbers, turned into a {@link SearchTrace} (events,
 * names, conditions) only when read, any time later. What a monitor keeps per search.
 * @internal
 */
export function captureHtnSearch(log: HtnTraceLog, outcome: HtnResult, target: string): HtnSearchCapture {
  const n = log.length;
  const plan = outcome.status === 'found' ? outcome.plan : null;
  const steps = plan === null ? NONE : plan.steps;
  const mtr = plan === null ? NONE : plan.meta.mtr;
  // The records, then the plan's tasks, then its MTR: one array (a slice copies the records fastest; what it
  // takes past them is scratch, overwritten).
  const kept: unknown[] = log.data.slice(0, n + steps.length + mtr.length);
  for (let i = 0; i < steps.length; i++) kept[n + i] = steps[i].task;
  for (let i = 0; i < mtr.length; i++) kept[n + steps.length + i] = mtr[i];
  return new HtnSearchCapture(log.domain, kept, n, steps.length, outcome, target, plan === null ? 0 : plan.cost);
}
