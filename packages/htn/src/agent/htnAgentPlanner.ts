import {
  describeAll,
  DualplanError,
  ObserverSet,
  RecentCaptures,
  StateCaptures,
  PlanBuffer,
  type AgentPlanner,
  type Availability,
  type CatalogEntry,
  type Plan,
  type PlanAmendment,
  type PlanObserver,
  type PlannerCatalog,
  type PlanResult,
  type PlanStep,
  type ReplaceDecision,
  type WorldState,
} from '@dualplan/world-state';
import { compareMtr } from '../diagnostics/compareMtr.js';
import { TaskKind, type HtnDomain } from '../domain/HtnDomain.js';
import type { HtnContinuation, HtnMeta, HtnResult } from '../search/HtnPlan.js';
import type { HtnPlanner } from '../HtnPlanner.js';
import { captureHtnSearch, HtnSearchCapture } from '../diagnostics/HtnSearchCapture.js';
import type { HtnTraceLog } from '../search/HtnTraceLog.js';
import { BestFirstCapture } from '../diagnostics/BestFirstCapture.js';
import { searchInputs } from '../diagnostics/searchInputs.js';
import type { HtnPlanRequest } from '../HtnPlannerOptions.js';
import { adjustHtnPlan, repairHtnPlan } from './htnRepair.js';
import { AdjustWatch } from './AdjustWatch.js';

/** Options of {@link htnAgentPlanner}: the root task and how a new plan is compared with the running one. */
export interface HtnAgentOptions {
  /** Root task; defaults to the planner's. */
  task?: string;
  /**
   * Plan against the running plan's MTR, pruning branches that cannot beat it.
   * Ordered planners only: with a best-first planner, `htnAgentPlanner` throws `BAD_OPTION` (subject `prune`).
   */
  prune?: boolean;
  /** When every step of a partial plan has succeeded, plan the rest from its continuation. Defaults to true. */
  resume?: boolean;
  /**
   * Plan repair: when a step fails, plan again only the lowest compound above it whose chosen method still applies,
   * keeping the steps after it (see {@link repairHtnPlan}); a full replan when none qualifies. Defaults to false.
   */
  repair?: boolean;
  /**
   * Plan adjustment: when the world changes, plan again the `adjustable` compounds of the running plan that have not
   * started (see {@link adjustHtnPlan}). Defaults to true; it costs nothing in a domain without adjustable compounds.
   */
  adjust?: boolean;
}

const REPLACE_HIGHER: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: true, reason: 'higher-priority MTR' });
const KEEP_EQUAL: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: false, reason: 'same MTR: same plan priority' });
const KEEP_LOWER: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: false, reason: 'lower-priority MTR' });
const REPLACE_STALE: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: true, reason: 'running plan used a slot that was plugged or unplugged since' });
const REPLACE_FOREIGN: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: true, reason: 'running plan is not an HTN plan' });

/**
 * Wrap a {@link HtnPlanner} as the runner's {@link AgentPlanner}. Plans go into two
 * buffers, never the one the runner is executing. A candidate replaces the
 * running plan only when its MTR is of strictly higher priority.
 * @example
 * const agentPlanner = htnAgentPlanner(new HtnPlanner(trollHtnDomain()), { prune: true });
 * const outcome = agentPlanner.plan(state, ctx, null);
 */
export function htnAgentPlanner<Ctx = any, Op extends string = string>(planner: HtnPlanner<Ctx, Op>, options: HtnAgentOptions = {}): AgentPlanner<Ctx, Op> {
  if (options.prune && planner.mode === 'best-first') {
    throw new DualplanError('BAD_OPTION', 'prune', 'htnAgentPlanner option prune needs an ordered planner: best-first ranks plans by cost, not by MTR.');
  }
  const buffers = [new PlanBuffer(), new PlanBuffer()];
  const request: HtnPlanRequest = { task: options.task, against: null, out: buffers[0] };
  const resume = options.resume !== false;
  // Per buffer: how many of its steps have succeeded in order, so a finished partial plan can resume.
  const progress = [0, 0];
  let ready: HtnContinuation | null = null;
  // The last repaired plan (a plan of its own, outside the buffers) and how many of its steps succeeded in order.
  let repaired: Plan<HtnMeta> | null = null;
  let repairedDone = 0;
  // Monitors' observers; while any is attached, the planner records its searches and each one is reported.
  const observers = new ObserverSet();
  // The planner's recent searches as captured: a search that recurs is reported as the same capture.
  const recent: Recent = new RecentCaptures((c, p) => c.matches(p.log!, p.outcome!, p.target));
  // The searches traced lately by the values they read: for a domain whose searches read nothing but the state's
  // values, a search from values met lately is planned untraced and reported as the capture kept.
  const byState = new StateCaptures<HtnSearchCapture>(256);
  // The values of the cells the searches read, for one call (see searchInputs).
  let key = new Int32Array(0);
  // Set when a search from remembered values found another plan: from then on every search is traced.
  let traceAll = false;
  const traced = () => {
    planner.recordSearches(observers.size > 0);
    if (observers.size === 0) {
      recent.clear();
      byState.clear();
    }
  };
  /** The values this plan() call's search reads, when they are all it reads (see {@link searchInputs}); else null. */
  const searchKey = (state: WorldState<any>, availability: Availability | undefined): Int32Array | null => {
    if (traceAll || request.against !== null || planner.tracing || planner.mode !== 'ordered') return null;
    if (availability !== undefined && (availability.unavailable.length > 0 || (availability.goals?.length ?? 0) > 0)) return null;
    const inputs = searchInputs(planner.planningDomain);
    if (inputs.beyondState !== '') return null;
    const cells = inputs.cells;
    if (key.length !== cells.length) key = new Int32Array(cells.length);
    const values = state.values;
    for (let i = 0; i < cells.length; i++) key[i] = values[cells[i]];
    return key;
  };

  const adapter: AgentPlanner<Ctx, Op> = {
    kind: 'htn',
    exclusive: true,
    operators: planner.domain.operators,
    plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult {
      const b = running === buffers[0].p ? 1 : 0;
      request.out = buffers[b];
      request.availability = availability;
      progress[b] = 0;
      const runningMtr = running && running.planner === 'htn' ? (running.meta as HtnMeta).mtr : null;
      request.against = options.prune && runningMtr ? runningMtr : null;
      let outcome: PlanResult<HtnMeta> | null = null;
      const observer = observers.observer;
      if (resume && ready) {
        const continuation = ready;
        ready = null;
        outcome = planner.resume(continuation, state, ctx, request);
        if (observer !== null) report(observer, planner, recent, outcome, continuation.root, true);
        if (outcome.status !== 'found') outcome = null;
      }
      if (outcome === null) {
        const target = options.task ?? '';
        const read = observer !== null ? searchKey(state, availability) : null;
        if (read !== null) {
          const known = byState.find(planner.planningDomain, read);
          if (known !== null) {
            // The search from these values was traced before: plan without tracing, and check that it found the same plan.
            planner.recordSearches(false);
            try {
              outcome = planner.plan(state, ctx, request);
            } finally {
              planner.recordSearches(true);
            }
            if (known.samePlan(outcome as HtnResult, target)) {
              tell(observer!, known);
              return outcome;
            }
            // It did not (a search reads more than the domain shows): trace this search and every later one.
            traceAll = true;
          }
        }
        outcome = planner.plan(state, ctx, request);
        if (observer !== null) {
          const captured = report(observer, planner, recent, outcome, target, false);
          if (read !== null && !traceAll && captured instanceof HtnSearchCapture) byState.add(planner.planningDomain, read, captured);
        }
      }
      return outcome;
    },
    shouldReplace(candidate: Plan, running: Plan): ReplaceDecision {
      if (running.planner !== 'htn') return REPLACE_FOREIGN;
      if (planner.isStale(running)) return REPLACE_STALE;
      const c = compareMtr((candidate.meta as HtnMeta).mtr, (running.meta as HtnMeta).mtr);
      return c < 0 ? REPLACE_HIGHER : c === 0 ? KEEP_EQUAL : KEEP_LOWER;
    },
    watchStale(notify: () => void): () => void {
      return planner.watchPlugs(notify);
    },
    stepSucceeded(step: PlanStep): void {
      for (let b = 0; b < 2; b++) {
        const plan = buffers[b].r.plan as Plan<HtnMeta> | null;
        // The two branches of a parallel section succeed in any order: count any step of the plan then.
        if (!plan || (plan.parallel === undefined ? plan.steps[progress[b]] !== step : !plan.steps.includes(step))) continue;
        if (++progress[b] === plan.steps.length && plan.meta.continuation) ready = plan.meta.continuation;
      }
      // A repaired partial plan (its pause point after the repaired compound) resumes like any other.
      if (repaired !== null && repaired.steps[repairedDone] === step && ++repairedDone === repaired.steps.length && repaired.meta.continuation)
        ready = repaired.meta.continuation;
    },
    stepFailed(): void {
      ready = null;
      progress[0] = progress[1] = repairedDone = 0;
    },
    observe(next: PlanObserver | null): () => void {
      if (next === null) {
        observers.clear();
        traced();
        return () => {};
      }
      const detach = observers.add(next);
      traced();
      next.catalog?.(htnCatalog(planner.domain));
      return () => {
        detach();
        traced();
      };
    },
  };
  const p = planner as HtnPlanner<Ctx, string>;
  // Plan adjustment watches the cells the adjustable compounds read, from the state each plan was made on.
  const watch = options.adjust !== false && planner.domain.adjustable.some((a) => a !== 0) ? new AdjustWatch() : null;
  if (options.repair === true)
    adapter.repair = (state: WorldState<any>, ctx: Ctx, failed: Plan, index: number, availability?: Availability): PlanAmendment | null => {
      const mended = repairHtnPlan(p, failed, index, state, ctx, availability);
      repaired = mended === null ? null : (mended.plan as Plan<HtnMeta>);
      repairedDone = 0;
      watch?.note(state);
      return mended;
    };
  if (watch !== null) {
    const plan = adapter.plan;
    adapter.plan = (state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult => {
      const result = plan(state, ctx, running, availability);
      // Later changes are looked for from here on (a kept plan was checked against this state by the runner's adjust call).
      watch.note(state);
      return result;
    };
    adapter.adjust = (state: WorldState<any>, ctx: Ctx, running: Plan, index: number, started: boolean, availability?: Availability): PlanAmendment | null => {
      const adjusted = adjustHtnPlan(p, running, index, started, state, ctx, availability, (task) => watch.touched(p.planningDomain, task, state));
      watch.note(state);
      return adjusted;
    };
  }
  return adapter;
}

/** What a search is compared by with the captures remembered (one probe, filled in per search). */
interface CaptureProbe {
  log: HtnTraceLog | null;
  outcome: HtnResult | null;
  target: string;
}

type Recent = RecentCaptures<HtnSearchCapture, CaptureProbe>;

const probe: CaptureProbe = { log: null, outcome: null, target: '' };

/** One search to the observer: captured as numbers, counted and named later when it takes deferred searches. Returns the capture. */
function report(
  observer: PlanObserver,
  planner: HtnPlanner<any, any>,
  recent: Recent,
  outcome: PlanResult<HtnMeta>,
  target: string,
  resumed: boolean,
): HtnSearchCapture | BestFirstCapture {
  const r = planner.recordedSearch(resumed);
  const result = outcome as HtnResult;
  let captured: HtnSearchCapture | BestFirstCapture;
  if ('log' in r) {
    probe.log = r.log;
    probe.outcome = result;
    probe.target = target;
    // Captures are told apart first by their sizes (records, plan steps), without reading them.
    const key = r.log.length * 1024 + (result.status === 'found' ? result.plan.steps.length : 1023);
    captured = recent.find(probe, key) ?? recent.add(captureHtnSearch(r.log, result, target), key);
    probe.log = probe.outcome = null;
  } else captured = new BestFirstCapture(planner.planningDomain, r.bestFirst, r.end, result, target);
  tell(observer, captured);
  return captured;
}

/** Hand a captured search to the observer. */
function tell(observer: PlanObserver, captured: HtnSearchCapture | BestFirstCapture): void {
  if (observer.deferredSearch) observer.deferredSearch(captured.read, captured);
  else observer.search(captured.read());
}

/** The domain's primitive tasks (as actions), compounds, methods (`Compound.method`) and their conditions. */
function htnCatalog(d: HtnDomain): PlannerCatalog {
  const actions: string[] = [];
  const compounds: string[] = [];
  const methods: string[] = [];
  const conditions: Record<string, string[]> = {};
  const entries: Record<string, CatalogEntry> = {};
  d.taskNames.forEach((name, t) => {
    if (d.taskKind[t] === TaskKind.Primitive) {
      actions.push(name);
      const step = d.callStep[d.defaultCall[t]];
      if (step) {
        conditions[name] = describeAll(step.conditions);
        entries[name] = {
          kind: 'action',
          conditions: conditions[name],
          effects: [...describeAll(step.effects), ...describeAll(step.expectedEffects)],
          cost: step.cost,
        };
      }
    } else if (d.taskKind[t] === TaskKind.Compound) {
      compounds.push(name);
      for (let m = d.methodStart[t]; m < d.methodEnd[t]; m++) {
        const method = `${name}.${d.methodNames[m]}`;
        methods.push(method);
        conditions[method] = describeAll(d.methodConds[m]);
        entries[method] = { kind: 'method', conditions: conditions[method], effects: [], cost: null, ...methodSubtasks(d, m) };
      }
    }
  });
  return { actions, compounds, methods, goals: [], conditions, entries };
}

/** A method's static subtasks by name, for the catalog (none listed when a function computes them; pause points left out). */
function methodSubtasks(d: HtnDomain, m: number): { subtasks?: string[] } {
  if (d.methodFn[m] !== null) return {};
  const subtasks: string[] = [];
  for (let i = d.methodSubStart[m]; i < d.methodSubEnd[m]; i++) {
    const call = d.subCalls[i];
    const task = d.callTask[call];
    if (call !== d.scopeEndCall && task !== d.pauseTask && task >= 0) subtasks.push(d.taskNames[task]);
  }
  return { subtasks };
}
