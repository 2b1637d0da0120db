import type { PlanStatus, SearchCounter, SearchSummary, SearchTrace, TraceCandidate, TraceNode } from '@dualplan/world-state';
import type { GoapDomain } from '../domain/GoapDomain.js';
import type { GoapResult } from '../search/GoapResult.js';
import type { GoapTrace } from './GoapTrace.js';

type Node = { -readonly [K in keyof TraceNode]: TraceNode[K] };

/** What a capture reads: the outcome of the last search, and how it searched. @internal */
export interface CaptureSource {
  readonly result: GoapResult;
  readonly domain: GoapDomain;
  readonly mode: 'backward' | 'forward';
}

/**
 * A planner's (or a search's) last search, captured as numbers (a snapshot of its trace and
 * result): counted as numbers ({@link GoapSearchCapture.count}) and turned into a
 * {@link SearchTrace} only when {@link GoapSearchCapture.read} is called, any time
 * later. What a monitor keeps per search.
 * @internal
 */
export function captureGoapSearch(planner: CaptureSource, trace: GoapTrace | null): GoapSearchCapture {
  return new GoapSearchCapture(planner, trace?.snapshot() ?? null);
}

/** @internal One captured GOAP search (see {@link captureGoapSearch}). */
export class GoapSearchCapture implements SearchSummary {
  readonly planner = 'goap';
  readonly status: PlanStatus;
  private readonly names: readonly string[];
  /** The plan as action indices; names and texts are made when read. */
  private readonly actions: number[];
  private readonly mode: 'backward' | 'forward';
  private readonly goal: string | undefined;
  private readonly budget: string;
  private readonly cost: number;
  private readonly backtracks: number;
  private built: SearchTrace | null = null;

  constructor(
    planner: CaptureSource,
    private readonly t: GoapTrace | null,
  ) {
    const r = planner.result;
    const found = r.status === 'found';
    this.names = planner.domain.actionNames;
    this.actions = found ? new Array<number>(r.length) : NO_ACTIONS;
    for (let i = 0; found && i < r.length; i++) this.actions[i] = r.actions[i];
    this.mode = planner.mode;
    this.status = r.status === 'found' || r.status === 'budget' ? r.status : 'none';
    this.goal = r.goal?.name;
    this.budget = r.budget;
    this.cost = found ? r.cost : 0;
    this.backtracks = r.reopened;
  }

  /** Whether capturing `planner`'s last search and `trace` now would make exactly this capture (the same search again). */
  matches(planner: CaptureSource, trace: GoapTrace | null): boolean {
    const r = planner.result;
    const found = r.status === 'found';
    if (planner.domain.actionNames !== this.names || planner.mode !== this.mode || r.goal?.name !== this.goal || r.budget !== this.budget) return false;
    if ((r.status === 'found' || r.status === 'budget' ? r.status : 'none') !== this.status || r.reopened !== this.backtracks) return false;
    if (found ? r.cost !== this.cost || r.length !== this.actions.length : this.actions.length !== 0) return false;
    for (let i = 0; found && i < r.length; i++) if (r.actions[i] !== this.actions[i]) return false;
    return trace === null ? this.t === null : this.t !== null && trace.sameAs(this.t);
  }

  /**
   * Whether `result` found what this capture's search found (status, goal, budget, cost and actions): the same
   * search run again without a trace, from the inputs this one was traced from.
   */
  samePlan(result: GoapResult): boolean {
    const r = result;
    if ((r.status === 'found' || r.status === 'budget' ? r.status : 'none') !== this.status || r.goal?.name !== this.goal) return false;
    if (r.status === 'budget') return r.budget === this.budget;
    if (r.status !== 'found') return true;
    if (r.cost !== this.cost || r.length !== this.actions.length) return false;
    for (let i = 0; i < r.length; i++) if (r.actions[i] !== this.actions[i]) return false;
    return true;
  }

  get target(): string {
    return this.goal ?? this.t?.goal ?? '';
  }

  get reason(): string {
    return this.status === 'budget' ? `${this.budget} budget` : this.status === 'found' ? `goal ${this.goal ?? ''}` : 'no plan';
  }

  get items(): number {
    return this.t === null ? 0 : this.t.items;
  }

  count(counter: SearchCounter): void {
    if (this.t !== null) this.t.countActions(counter);
    if (this.status === 'found') for (const a of this.actions) counter.planned(this.names[a]);
  }

  /** The search's trace (built on the first call; the same object after). */
  readonly read = (): SearchTrace =>
    (this.built ??= buildSearchTrace(this.t, {
      planner: 'goap',
      target: this.target,
      mode: this.mode,
      status: this.status,
      reason: this.reason,
      plan: this.actions.map((a) => this.names[a]),
      cost: this.cost,
      mtr: [],
      backtracks: this.backtracks,
      whyNoPlan: this.t?.whyNoPlan?.summary ?? '',
    }));
}

const NO_ACTIONS: number[] = [];

type Summary = Omit<SearchTrace, 'nodes' | 'candidates' | 'events' | 'path'>;

function buildSearchTrace(t: GoapTrace | null, summary: Summary): SearchTrace {
  const index = new Map<number, number>();
  const nodes: Node[] = [];
  const candidates: TraceCandidate[] = [];
  if (t !== null) {
    for (const e of t.expanded) {
      index.set(e.node, nodes.length);
      nodes.push({
        id: nodes.length,
        parent: e.parent,
        from: -1,
        kind: 'search',
        label: e.label,
        via: e.action,
        g: e.g,
        h: e.h,
        verdict: 'kept',
        detail: '',
        onPath: false,
        abandoned: false,
      });
    }
    for (const c of t.considered) candidates.push({ node: index.get(c.node) ?? -1, name: c.action, index: -1, verdict: c.verdict, detail: c.detail });
  }
  // Parents as trace ids, and the candidate that produced each node.
  const kept = new Map<string, number>();
  candidates.forEach((c, i) => {
    if (c.verdict === 'kept') kept.set(`${c.node}|${c.name}`, i);
  });
  for (const n of nodes) {
    n.parent = n.parent < 0 ? -1 : (index.get(n.parent) ?? -1);
    if (n.parent >= 0 && n.via !== null) n.from = kept.get(`${n.parent}|${n.via}`) ?? -1;
  }
  const backward = summary.mode === 'backward';
  const found = summary.status === 'found';
  const path =
    found && nodes.length > 0
      ? chosenPath(nodes, candidates, backward ? summary.plan.slice().reverse() : summary.plan, summary.cost, backward ? 'start state' : 'goal reached')
      : [];
  for (const id of path) nodes[id].onPath = true;
  return { ...summary, nodes, candidates, events: nodes.map((n) => ({ type: 'visit' as const, node: n.id })), path };
}

/** Follow the actions from the root, child by child; the final node (never expanded) is appended. */
function chosenPath(nodes: Node[], candidates: readonly TraceCandidate[], actions: readonly string[], cost: number, label: string): number[] {
  const path = [0];
  let at = 0;
  for (let i = 0; i < actions.length; i++) {
    const next = nodes.find((n) => n.parent === at && n.via === actions[i]);
    if (next) {
      path.push((at = next.id));
      continue;
    }
    if (i !== actions.length - 1) break;
    const from = candidates.findIndex((c) => c.node === at && c.name === actions[i] && c.verdict === 'kept');
    const last: Node = {
      id: nodes.length,
      parent: at,
      from,
      kind: 'search',
      label,
      via: actions[i],
      g: cost,
      h: 0,
      verdict: 'kept',
      detail: '',
      onPath: false,
      abandoned: false,
    };
    nodes.push(last);
    path.push(last.id);
  }
  return path;
}
