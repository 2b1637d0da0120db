import { EffOp, describeUnavailableCode, type SearchCounter, type TraceVerdict } from '@dualplan/world-state';
import { describeCell, describeNode } from '../domain/describeCell.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';
import { NO_EFFECT } from '../domain/Touch.js';
import * as Verdict from '../search/Verdict.js';
import { analyseNoPlan, explainNoPlan, nameNoPlan, type NoPlanSource, type WhyNoPlan } from './explainNoPlan.js';

/** One expanded node: the regressed goal (backward) or state (forward), with g and h. */
export interface TraceExpansion {
  readonly node: number;
  readonly parent: number;
  /** The action that led here from the parent, or null for the root. */
  readonly action: string | null;
  readonly g: number;
  readonly h: number;
  /** Readable node: open conditions (backward) or the state (forward). */
  readonly label: string;
}

/** One action looked at while expanding `node`, with the rule or condition that discarded it. */
export interface TraceConsideration {
  readonly node: number;
  readonly action: string;
  readonly verdict: TraceVerdict;
  /** The failing condition or effect, e.g. `alive == true vs effect alive = false`. */
  readonly detail: string;
}

/** What a trace needs to turn its numbers into names: the domain and the planner's plan-length limit. @internal */
export interface GoapTraceSource {
  readonly domain: GoapDomain;
  readonly maxPlanLength: number;
}

// The trace's names of the search's verdict codes, indexed by code (see search/Verdict).
const VERDICTS: readonly TraceVerdict[] = [
  'kept',
  'noEffect',
  'conditionConflicts',
  'effectConflicts',
  'procedural',
  'unusable',
  'tooLong',
  'duplicate',
  'conditionFailed',
  'unreachable',
  'unavailable',
];
// Row layouts (plain constants, so bundles inline them). An expansion row: the
// node, its parent and the action that led to it; its cost row: g and h.
const EXP_NODE = 0;
const EXP_PARENT = 1;
const EXP_ACTION = 2;
const EXP = 3;
const COST_G = 0;
const COST_H = 1;
const COST = 2;
// A consideration row: the expansion row it belongs to, the action, its verdict and the failing touch record (or procedural check).
const CON_ROW = 0;
const CON_ACTION = 1;
const CON_VERDICT = 2;
const CON_FAIL = 3;
const CON = 4;
const NONE: Float64Array = /* @__PURE__ */ new Float64Array(0);
/**
 * Up to this many numbers a snapshot is a plain array: an engine makes one in its young generation, where a
 * typed array of more than a few numbers gets a separately allocated, separately collected store (per search).
 */
const PLAIN_SNAPSHOT = 8192;
/** A trace's numbers: typed buffers while it searches; a snapshot's one array. */
type Numbers = Float64Array | number[];

/**
 * Opt-in search trace (Ubisoft's planner monitor): every expanded node with g
 * and h, and every action considered with the verdict. Only allocated and
 * written when the planner was created with `trace: true`.
 *
 * While the planner searches, the trace writes numbers only (node, action,
 * verdict code, the failing condition's index and a copy of each expanded
 * node's words) into buffers it reuses; `expanded` and `considered` turn them
 * into names and readable conditions when first read after a search.
 * @example
 * const planner = new GoapPlanner(domain, { trace: true });
 * planner.plan(state, 'killEnemy');
 * for (const c of planner.trace!.considered) if (c.verdict !== 'kept') console.log(c.action, c.verdict, c.detail);
 */
export class GoapTrace {
  goal = '';
  mode: 'backward' | 'forward' = 'backward';
  private source: GoapTraceSource | null = null;
  // Why the last search found no plan: analysed (as numbers) when it ended, put in words when first read.
  private noPlanGoal: CompiledGoal | null = null;
  private noPlanBudget: string | null = null;
  private noPlanFound: readonly number[] | null = null;
  private why: WhyNoPlan | null = null;
  private width = 1;
  private expansions = 0;
  private considerations = 0;
  // Grown on first use (a snapshot sets its own), so making a trace allocates no buffer.
  private exp: Numbers = NONE;
  private cost: Numbers = NONE;
  private words: Numbers = NONE;
  private con: Numbers = NONE;
  // Where each section starts: 0 while searching; a snapshot packs all four into one array.
  private expAt = 0;
  private costAt = 0;
  private wordsAt = 0;
  private conAt = 0;
  private named: { expanded: TraceExpansion[]; considered: TraceConsideration[] } | null = null;

  /** Forget the last search. `source` (set by the planner) names what later entries record. The planner calls it. @internal */
  clear(goal: string, mode: 'backward' | 'forward', source: GoapTraceSource | null = this.source, width = this.width): void {
    this.goal = goal;
    this.noPlanGoal = this.noPlanFound = this.why = null;
    this.mode = mode;
    this.source = source;
    this.width = Math.max(1, width);
    this.expansions = 0;
    this.considerations = 0;
    this.named = null;
  }

  /** Every expanded node, in order (named on first read). */
  get expanded(): readonly TraceExpansion[] {
    return this.names().expanded;
  }

  /** Every action looked at, in order, with its verdict (named on first read). */
  get considered(): readonly TraceConsideration[] {
    return this.names().considered;
  }

  /** @internal Record an expanded node and a copy of its words (`words[at .. at + width)`). */
  expand(node: number, parent: number, action: number, g: number, h: number, words: ArrayLike<number>, at: number): void {
    const i = this.expansions++;
    const w = this.width;
    if ((i + 1) * EXP > this.exp.length) {
      this.exp = grow(this.exp, (i + 16) * EXP * 2);
      this.cost = grow(this.cost, (i + 16) * COST * 2);
    }
    if ((i + 1) * w > this.words.length) this.words = grow(this.words, (i + 16) * w * 2);
    const e = this.exp;
    const x = i * EXP;
    e[x + EXP_NODE] = node;
    e[x + EXP_PARENT] = parent;
    e[x + EXP_ACTION] = action;
    this.cost[i * COST + COST_G] = g;
    this.cost[i * COST + COST_H] = h;
    const out = this.words;
    for (let k = 0, o = i * w; k < w; k++) out[o + k] = words[at + k];
  }

  /** @internal Record action `action` considered at the last expanded node: verdict code and failing touch entry or check. */
  consider(action: number, verdict: number, fail: number): void {
    const i = this.considerations++;
    if ((i + 1) * CON > this.con.length) this.con = grow(this.con, (i + 64) * CON * 2);
    const c = this.con;
    const x = i * CON;
    c[x + CON_ROW] = this.expansions - 1;
    c[x + CON_ACTION] = action;
    c[x + CON_VERDICT] = verdict;
    c[x + CON_FAIL] = fail;
  }

  /** Set when the search ended without a plan (in words when first read). */
  get whyNoPlan(): WhyNoPlan | null {
    if (this.why === null && this.noPlanGoal !== null && this.noPlanFound !== null && this.source !== null)
      this.why = nameNoPlan(this.source.domain, this.noPlanGoal, this.noPlanBudget, this.noPlanFound);
    return this.why;
  }

  /** @internal The search ended: analyse a failure ("why no plan"; it asks the search which actions are usable), named when read. */
  finish(search: NoPlanSource, found: boolean): void {
    if (found) return;
    const goal = search.result.goal;
    if (goal === null) {
      this.why = explainNoPlan(search, null);
      return;
    }
    this.noPlanGoal = goal;
    this.noPlanBudget = search.result.status === 'budget' ? search.result.budget : null;
    this.noPlanFound = analyseNoPlan(search, goal);
  }

  /** A copy that no later search of the planner changes (numbers only: names are made when it is read). */
  snapshot(): GoapTrace {
    const t = new GoapTrace();
    t.goal = this.goal;
    t.mode = this.mode;
    t.noPlanGoal = this.noPlanGoal;
    t.noPlanBudget = this.noPlanBudget;
    t.noPlanFound = this.noPlanFound;
    t.why = this.why;
    t.source = this.source;
    t.width = this.width;
    t.expansions = this.expansions;
    t.considerations = this.considerations;
    // One array for all four sections: a snapshot per search must be cheap to make.
    const e = this.expansions;
    const n = e * (EXP + COST + this.width) + this.considerations * CON;
    const data: Numbers = n <= PLAIN_SNAPSHOT ? new Array<number>(n) : new Float64Array(n);
    let o = 0;
    t.expAt = o;
    o = copy(this.exp, this.expAt, e * EXP, data, o);
    t.costAt = o;
    o = copy(this.cost, this.costAt, e * COST, data, o);
    t.wordsAt = o;
    o = copy(this.words, this.wordsAt, e * this.width, data, o);
    t.conAt = o;
    copy(this.con, this.conAt, this.considerations * CON, data, o);
    t.exp = t.cost = t.words = t.con = data;
    t.named = this.named;
    return t;
  }

  /**
   * Whether `snapshot` (made by {@link snapshot}) holds exactly what this trace holds now: the same
   * search recorded again (its names and texts would be the same).
   */
  sameAs(snapshot: GoapTrace): boolean {
    const s = snapshot;
    const e = this.expansions;
    const k = this.considerations;
    if (e !== s.expansions || k !== s.considerations || this.width !== s.width || this.source !== s.source) return false;
    if (this.goal !== s.goal || this.mode !== s.mode || this.why !== s.why || this.noPlanGoal !== s.noPlanGoal || this.noPlanBudget !== s.noPlanBudget)
      return false;
    if (!sameList(this.noPlanFound, s.noPlanFound)) return false;
    return (
      same(this.exp, this.expAt, s.exp, s.expAt, e * EXP) &&
      same(this.cost, this.costAt, s.cost, s.costAt, e * COST) &&
      same(this.words, this.wordsAt, s.words, s.wordsAt, e * this.width) &&
      same(this.con, this.conAt, s.con, s.conAt, k * CON)
    );
  }

  /** How many nodes and actions it recorded. */
  get items(): number {
    return this.expansions + this.considerations;
  }

  /**
   * Tell `counter` every action considered, in order, as numbers turned into the
   * domain's shared names (no entry is built). A forward search's failing
   * condition is put in words (it was checked on a state); a backward one's is not.
   */
  countActions(counter: SearchCounter): void {
    const src = this.source;
    if (src === null) return;
    const names = src.domain.actionNames;
    const onState = this.mode === 'forward';
    const c = this.con;
    for (let i = 0, o = this.conAt; i < this.considerations; i++, o += CON) {
      const a = c[o + CON_ACTION];
      const verdict = c[o + CON_VERDICT];
      counter.action(names[a], VERDICTS[verdict], onState, null, -1, onState ? this.detail(src, c[o + CON_ROW], a, verdict, c[o + CON_FAIL]) : '');
    }
  }

  /** Readable dump, one line per entry. */
  toString(): string {
    const lines = [`goal ${this.goal} (${this.mode})`];
    for (const e of this.expanded) {
      lines.push(`#${e.node} g=${e.g} h=${e.h} via ${e.action ?? '-'}: ${e.label}`);
      for (const c of this.considered) if (c.node === e.node) lines.push(`   ${c.action}: ${c.verdict}${c.detail ? ` (${c.detail})` : ''}`);
    }
    return lines.join('\n');
  }

  private names(): { expanded: TraceExpansion[]; considered: TraceConsideration[] } {
    if (this.named !== null) return this.named;
    const expanded: TraceExpansion[] = [];
    const considered: TraceConsideration[] = [];
    const src = this.source;
    if (src !== null) {
      const d = src.domain;
      const e = this.exp;
      const x = this.expAt;
      for (let i = 0; i < this.expansions; i++) {
        const r = x + i * EXP;
        const a = e[r + EXP_ACTION];
        const cost = this.costAt + i * COST;
        expanded.push({
          node: e[r + EXP_NODE],
          parent: e[r + EXP_PARENT],
          action: a >= 0 ? d.actionNames[a] : null,
          g: this.cost[cost + COST_G],
          h: this.cost[cost + COST_H],
          label: describeNode(d, this.mode, this.words, this.wordsAt + i * this.width),
        });
      }
      const c = this.con;
      for (let i = 0, o = this.conAt; i < this.considerations; i++, o += CON) {
        const row = c[o + CON_ROW];
        const a = c[o + CON_ACTION];
        const verdict = c[o + CON_VERDICT];
        considered.push({
          node: e[x + row * EXP + EXP_NODE],
          action: d.actionNames[a],
          verdict: VERDICTS[verdict],
          detail: this.detail(src, row, a, verdict, c[o + CON_FAIL]),
        });
      }
    }
    return (this.named = { expanded, considered });
  }

  /** The failing condition or rule of a verdict, in words. */
  private detail(src: GoapTraceSource, row: number, a: number, verdict: number, fail: number): string {
    const d = src.domain;
    const schema = d.schema;
    const T = d.touch;
    const k = fail * Touch.size;
    const at = this.wordsAt + row * this.width;
    if (verdict === Verdict.noEffect) return 'no effect satisfies an open condition';
    if (verdict === Verdict.conditionConflicts || verdict === Verdict.effectConflicts) {
      const c = T[k + Touch.cell];
      const v = T[k + Touch.effValue];
      const op = T[k + Touch.effOp];
      const eff = op === EffOp.Set ? `${schema.nameOf(c)} = ${schema.format(c, v)}` : `${schema.nameOf(c)} ${v < 0 ? '-=' : '+='} ${Math.abs(v)}`;
      const goal = describeCell(d, this.words, at, c);
      return verdict === Verdict.effectConflicts
        ? `effect ${eff} conflicts with ${goal}`
        : `precondition on ${schema.nameOf(c)} conflicts with ${goal}${op !== NO_EFFECT ? ` (through ${eff})` : ''}`;
    }
    if (verdict === Verdict.procedural) return `procedural check ${d.procedural[a]!.describe(fail)} failed`;
    if (verdict === Verdict.unusable) return fail === 1 ? 'irrelevant: no effect the goal can use' : 'cost is Infinity (unusable)';
    if (verdict === Verdict.unavailable) return describeUnavailableCode(fail);
    if (verdict === Verdict.tooLong) return `plan would exceed ${src.maxPlanLength} actions`;
    if (verdict === Verdict.duplicate) return 'an equal node is known at lower or equal cost';
    if (verdict === Verdict.conditionFailed) {
      const c = T[k + Touch.cell];
      return `${schema.nameOf(c)} = ${schema.format(c, this.words[at + c])} does not allow it`;
    }
    if (verdict === Verdict.unreachable)
      return fail === -2
        ? 'two of its conditions exclude each other in every reachable state (a state invariant)'
        : 'a condition of the result is unreachable from the start state';
    return '';
  }
}

function grow(a: Numbers, size: number): Float64Array {
  const b = new Float64Array(size);
  b.set(a);
  return b;
}

/** Whether `a[at..at+n)` and `b[bt..bt+n)` hold the same numbers. */
function same(a: Numbers, at: number, b: Numbers, bt: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (a[at + i] !== b[bt + i]) return false;
  return true;
}

function sameList(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Copy `n` numbers from `from[at..]` to `to[o..]`; returns the end in `to`. */
function copy(from: Numbers, at: number, n: number, to: Numbers, o: number): number {
  for (let i = 0; i < n; i++) to[o + i] = from[at + i];
  return o + n;
}
