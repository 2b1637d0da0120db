import workerpool from 'workerpool';
import { createState, type AgentPlanner, type PlanCodec, type Schema, type StateValues, type WorldState } from '@dualplan/world-state';
import { RunnerError } from '../RunnerError.js';
import { WireWriter } from './wire.js';

/** What a worker needs to plan for one domain: a planner over it, its codec and its schema. */
export interface PoolDomain {
  readonly planner: AgentPlanner;
  readonly codec: PlanCodec;
  readonly schema: Schema;
}

/** Builds a {@link PoolDomain} in the worker; called once per worker, on the domain's first request. */
export type PoolDomainFactory = () => PoolDomain;

/**
 * The worker side of a `PlannerPool` (from `@dualplan/runner/pool`): call it at the top of the worker
 * script with a factory per domain id (or one function from any id to its
 * domain, for domains made per level or per seed). Each worker compiles a domain once, on
 * its first request. A message brings a batch of requests (the states'
 * values back to back in one transferred typed array, a cloneable context
 * each) and takes back their results as plain data.
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
  const ready = new Map<string, { domain: PoolDomain; state: WorldState<any> }>();
  const entryFor = (id: string): { domain: PoolDomain; state: WorldState<any> } => {
    let entry = ready.get(id);
    if (entry === undefined) {
      let domain: PoolDomain;
      if (typeof domains === 'function') domain = domains(id);
      else {
        const factory = Object.hasOwn(domains, id) ? domains[id] : undefined;
        if (typeof factory !== 'function') throw new RunnerError('UNKNOWN_DOMAIN', id, `This planner worker serves no domain "${id}"; it serves: ${Object.keys(domains).join(', ') || 'none'}.`);
        domain = factory();
      }
      entry = { domain, state: createState(domain.schema) };
      ready.set(id, entry);
    }
    return entry;
  };
  // A batch: `count` states back to back in `values`, one context each. A request whose planning throws
  // answers with the error's message; the others still get their plans. The answers go back packed
  // (see WireBatch): numbers in one transferred array, each distinct string once.
  const planBatch = (id: string, values: StateValues, count: number, ctxs: readonly unknown[]): InstanceType<typeof workerpool.Transfer> => {
    const { domain, state } = entryFor(id);
    const size = state.values.length;
    if (values.length !== size * count) throw new RunnerError('SCHEMA_MISMATCH', id, `Domain "${id}": ${count} states of ${values.length / count} cells sent, the worker's schema has ${size}.`);
    const out = new WireWriter();
    for (let i = 0; i < count; i++) {
      state.values.set(values.subarray(i * size, (i + 1) * size));
      try {
        out.answer(domain.codec.encode(domain.planner.plan(state, ctxs[i], null)));
      } catch (e) {
        out.failure(`planner threw: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const batch = out.finish();
    return new workerpool.Transfer(batch, [batch.nums.buffer]);
  };
  workerpool.worker({ planBatch });
}
