import workerpool from 'workerpool';
import {
  createState,
  type AgentPlanner,
  type Availability,
  type PlainOutcome,
  type Plan,
  type PlanCodec,
  type Schema,
  type StateValues,
  type WorldState,
} from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import { plainFaults, plainThrown, type InlineAnswer } from './poolFaults.js';
import { WireWriter, type WireBatch } from './wire.js';

/** What a worker needs to plan for one domain: a planner over it, its codec and its schema. */
export interface PoolDomain {
  readonly planner: AgentPlanner;
  readonly codec: PlanCodec;
  readonly schema: Schema;
  /**
   * Apply what one agent's planner has learnt (the main thread's `feedback`, e.g. GOAP cost multipliers)
   * before its request is planned, or forget it (`null`) for a request that brought none.
   */
  readonly feedback?: (learnt: Float64Array | null) => void;
}

/** Builds a {@link PoolDomain} in the worker; called once per worker, on the domain's first request. */
export type PoolDomainFactory = () => PoolDomain;

/**
 * @internal A worker's answer to a batch. Each request's answer is a number:
 * `>= 0` an outcome id, `< 0` entry `-1 - n` of `inline`. Outcome ids are the
 * worker's (`token`) and the domain's: a crowd's plans repeat, so each distinct
 * outcome travels once (in `added`, ids `base`, `base + 1`, ...) and the main
 * thread decodes it once. `reset`: the worker's table for this domain filled
 * up and starts over at id 0 (so an id always means the latest outcome sent under it).
 */
export interface PlanBatchReply {
  readonly token: string;
  readonly reset: boolean;
  readonly base: number;
  readonly added: WireBatch | null;
  readonly addedCount: number;
  readonly inline: readonly InlineAnswer[];
  /** The answers, when they are not written into shared memory. */
  readonly answers: Int32Array | null;
}

/** Distinct outcomes a worker remembers per domain before it starts over. */
const OUTCOMES = 4096;

interface Served {
  readonly domain: PoolDomain;
  readonly state: WorldState<any>;
  readonly outcomes: Map<string, number>;
  /** Running plans re-attached, by their JSON. */
  readonly running: Map<string, Plan | null>;
  /** Whether the planner holds an agent's feedback now (to forget before the next request without). */
  learnt: boolean;
}

/**
 * The worker side of a `PlannerPool` (from `@dualplan/runner/pool`): call it at the top of the worker
 * script with a factory per domain id (or one function from any id to its
 * domain, for domains made per level or per seed). Each worker compiles a domain once, on
 * its first request. A message brings a batch of requests (the states'
 * values back to back in one typed array, shared with the main thread or
 * transferred; a cloneable context each) and takes back one number per
 * request: the id of its outcome, each distinct outcome sent once.
 * @example
 * // plannerWorker.ts, bundled for the browser or run by Node
 * servePlanners({
 *   soldier: () => {
 *     const domain = soldierGoapDomain();
 *     return { planner: goapAgentPlanner(new GoapPlanner(domain)), codec: goapPlanCodec(domain), schema: domain.schema };
 *   },
 * });
 */
export function servePlanners(domains: Readonly<Record<string, PoolDomainFactory>> | ((id: string) => PoolDomain)): void {
  const token = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const ready = new Map<string, Served>();
  const servedFor = (id: string): Served => {
    let entry = ready.get(id);
    if (entry === undefined) {
      let domain: PoolDomain;
      if (typeof domains === 'function') domain = domains(id);
      else {
        const factory = Object.hasOwn(domains, id) ? domains[id] : undefined;
        if (typeof factory !== 'function')
          throw new RunnerError('UNKNOWN_DOMAIN', id, `This planner worker serves no domain "${id}"; it serves: ${Object.keys(domains).join(', ') || 'none'}.`);
        domain = factory();
      }
      entry = { domain, state: createState(domain.schema), outcomes: new Map(), running: new Map(), learnt: false };
      ready.set(id, entry);
    }
    return entry;
  };
  // A batch: `count` states back to back in `values`, a context each (`ctxs` null: all undefined). With
  // `shared` (an Int32Array over shared memory: a fence, then a slot per request) the answers are written
  // there; else they come back in the reply. `runnings` are the distinct running plans (plain JSON), `runningOf`
  // each request's (-1: none); `feedbacks` what each agent's planner learnt (null: nothing); `availabilities` what each
  // agent may not choose (cooldowns, once; null: everything is available). A request whose
  // planning throws answers alone with what it threw.
  const planBatch = (
    id: string,
    values: StateValues,
    count: number,
    ctxs: readonly unknown[] | null,
    shared: Int32Array | null,
    runnings: readonly string[] | null = null,
    runningOf: Int32Array | null = null,
    feedbacks: readonly (Float64Array | null)[] | null = null,
    availabilities: readonly (Availability | null)[] | null = null,
  ): PlanBatchReply | InstanceType<typeof workerpool.Transfer> => {
    if (shared !== null) Atomics.load(shared, 0); // acquire: the main thread's writes of the states are visible
    const served = servedFor(id);
    const { domain, state, outcomes } = served;
    const size = state.values.length;
    if (values.length < size * count)
      throw new RunnerError('SCHEMA_MISMATCH', id, `Domain "${id}": ${count} states of ${values.length / count} cells sent, the worker's schema has ${size}.`);
    const reset = outcomes.size + count > OUTCOMES;
    if (reset) outcomes.clear();
    const base = outcomes.size;
    const added = new WireWriter();
    const inline: InlineAnswer[] = [];
    const answers = shared ?? new Int32Array(count);
    const at = shared === null ? 0 : 1;
    for (let i = 0; i < count; i++) {
      state.values.set(values.subarray(i * size, (i + 1) * size));
      let answer: number;
      try {
        if (domain.feedback !== undefined) {
          const learnt = feedbacks === null ? null : feedbacks[i];
          if (learnt !== null || served.learnt) {
            served.learnt = true; // until applied: a feedback that throws is forgotten before the next request
            domain.feedback(learnt);
            served.learnt = learnt !== null;
          }
        }
        const running = runningOf === null || runningOf[i] < 0 ? null : runningPlan(served, runnings![runningOf[i]]);
        const ctx = ctxs === null ? undefined : ctxs[i];
        const availability = availabilities === null ? null : availabilities[i];
        const result = availability === null ? domain.planner.plan(state, ctx, running) : domain.planner.plan(state, ctx, running, availability);
        const plain = domain.codec.encode(result);
        if (result.faults !== undefined && result.faults.length > 0)
          answer = -inline.push({ outcome: plain, faults: plainFaults(result.faults) }); // -1 - its index
        else answer = intern(outcomes, added, plain);
      } catch (e) {
        answer = -inline.push({ thrown: plainThrown(e) });
      }
      answers[at + i] = answer;
    }
    const addedCount = outcomes.size - base;
    const reply: PlanBatchReply = {
      token,
      reset,
      base,
      added: addedCount === 0 ? null : added.finish(),
      addedCount,
      inline,
      answers: shared === null ? answers : null,
    };
    if (shared !== null) Atomics.store(shared, 0, count); // release: the answers are visible before the reply
    const transfer: ArrayBuffer[] = [];
    if (reply.added !== null) transfer.push(reply.added.nums.buffer as ArrayBuffer);
    if (shared === null) transfer.push(answers.buffer as ArrayBuffer);
    return new workerpool.Transfer(reply, transfer);
  };
  workerpool.worker({ planBatch });
}

/**
 * A running plan from its JSON, re-attached to the worker's domain (once per
 * distinct plan; the table starts over when full). A plan of another domain
 * or planner (a hybrid's spliced steps) cannot be: then the worker plans as
 * with no running plan.
 */
function runningPlan(served: Served, json: string): Plan | null {
  let plan = served.running.get(json);
  if (plan === undefined) {
    try {
      plan = served.domain.codec.decode(JSON.parse(json) as PlainOutcome).plan;
    } catch {
      plan = null;
    }
    if (served.running.size >= OUTCOMES) served.running.clear();
    served.running.set(json, plan);
  }
  return plan;
}

/** The id of `plain` in the worker's table, adding it (to the table and to this reply) when new. */
function intern(outcomes: Map<string, number>, added: WireWriter, plain: PlainOutcome): number {
  const key = JSON.stringify(plain);
  let n = outcomes.get(key);
  if (n === undefined) {
    n = outcomes.size;
    outcomes.set(key, n);
    added.answer(plain);
  }
  return n;
}
