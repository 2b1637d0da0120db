import type { BudgetKind, ParallelSection, PlainOutcome, PlainPlan, PlainStep, PlanStatus } from '@dualplan/world-state';

/**
 * @internal Outcomes as a worker sends them (the ones it has not sent
 * before: later answers are just their ids): numbers in one typed array
 * (transferred) and each distinct string once (task names, reasons, and the
 * JSON of each distinct metadata object and argument list), so the main
 * thread parses each string once and reads the rest as numbers.
 *
 * Per answer in `nums`: kind (0 found, 1 none, 2 budget, 3 failure); for a
 * failure, the message's string index; else reason, budget (-1: none),
 * expanded, generated, backtracks, planner (-1: no plan), cost, meta (-1:
 * null), parallel sections (-1: none), step count, then per step: source id,
 * cost, args (-1: none), task.
 */
export interface WireBatch {
  readonly strings: string[];
  readonly nums: Float64Array;
}

const STATUS: readonly PlanStatus[] = ['found', 'none', 'budget'];
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/** @internal Builds a {@link WireBatch} answer by answer (in the worker). */
export class WireWriter {
  private readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly nums: number[] = [];

  failure(message: string): void {
    this.nums.push(3, this.intern(message));
  }

  answer(r: PlainOutcome): void {
    const n = this.nums;
    const p = r.plan;
    n.push(
      STATUS.indexOf(r.status),
      this.intern(r.reason),
      r.budget === null ? -1 : this.intern(r.budget),
      r.stats.expanded,
      r.stats.generated,
      r.stats.backtracks,
    );
    if (p === null) {
      n.push(-1);
      return;
    }
    const sections = p.parallel === undefined || p.parallel.length === 0 ? -1 : this.intern(JSON.stringify(p.parallel));
    n.push(this.intern(p.planner), p.cost, p.meta === null || p.meta === undefined ? -1 : this.intern(JSON.stringify(p.meta)), sections, p.steps.length);
    for (const s of p.steps) n.push(s.sourceId, s.cost, s.args.length === 0 ? -1 : this.intern(JSON.stringify(s.args)), this.intern(s.task));
  }

  finish(): WireBatch {
    return { strings: this.strings, nums: Float64Array.from(this.nums) };
  }

  private intern(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    return i;
  }
}

/**
 * @internal Reads a {@link WireBatch} (on the main thread): each answer as a
 * plain result or a failure message. Metadata and argument lists parsed once
 * per batch are shared by the answers that carry them (plans are never mutated).
 */
export function readWire(batch: WireBatch, count: number, each: (i: number, plain: PlainOutcome | null, failure: string) => void): void {
  const { strings, nums } = batch;
  const parsed: unknown[] = new Array(strings.length);
  const json = (i: number): unknown => (parsed[i] ??= JSON.parse(strings[i]));
  let at = 0;
  for (let k = 0; k < count; k++) {
    const kind = nums[at++];
    if (kind === 3) {
      each(k, null, strings[nums[at++]]);
      continue;
    }
    const reason = strings[nums[at++]];
    const b = nums[at++];
    const budget = b < 0 ? null : (strings[b] as BudgetKind);
    const stats = { expanded: nums[at++], generated: nums[at++], backtracks: nums[at++] };
    const planner = nums[at++];
    if (planner < 0) {
      each(k, { status: STATUS[kind], reason, budget, stats, plan: null }, '');
      continue;
    }
    const cost = nums[at++];
    const m = nums[at++];
    const sections = nums[at++];
    const length = nums[at++];
    const steps: PlainStep[] = new Array(length);
    for (let s = 0; s < length; s++) {
      const sourceId = nums[at++];
      const stepCost = nums[at++];
      const args = nums[at++];
      steps[s] = { sourceId, cost: stepCost, args: args < 0 ? NO_ARGS : (json(args) as unknown[]), task: strings[nums[at++]] };
    }
    const plan: PlainPlan = {
      planner: strings[planner],
      cost,
      meta: m < 0 ? null : json(m),
      steps,
      stats,
      ...(sections < 0 ? {} : { parallel: json(sections) as ParallelSection[] }),
    };
    each(k, { status: STATUS[kind], reason, budget, stats, plan }, '');
  }
}
