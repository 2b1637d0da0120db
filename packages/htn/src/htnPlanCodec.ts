import { DualplanError, plainResult, resultFromPlain, type PlainOutcome, type PlanCodec, type PlanResult, type PlanStep } from '@dualplan/world-state';
import { TaskKind, type HtnDomain } from './HtnDomain.js';

/**
 * A {@link PlanCodec} for plans of one HTN domain: steps travel as primitive
 * task id, name and arguments, and come back as steps of the compiled domain
 * (built once per task and argument list, then reused; a copy when a function
 * cost gave the step another cost in this plan). The metadata (MTR,
 * continuation) is plain data already. Plans that splice in another planner's
 * steps (delegate tasks) cannot be re-attached: decoding throws `UNKNOWN_STEP`.
 * @example
 * const codec = htnPlanCodec(domain);
 * const again = codec.decode(structuredClone(codec.encode(result)));
 */
export function htnPlanCodec(domain: HtnDomain): PlanCodec {
  const byKey = new Map<string, PlanStep>();
  return {
    encode: (result: PlanResult): PlainOutcome => plainResult(result),
    decode: (plain: PlainOutcome): PlanResult =>
      resultFromPlain(plain, ({ sourceId, task, args, cost }) => {
        if (domain.taskNames[sourceId] !== task || domain.taskKind[sourceId] !== TaskKind.Primitive) {
          throw new DualplanError('UNKNOWN_STEP', task, `Plan step "${task}" (task ${sourceId}) is not a primitive task of HTN domain "${domain.name}": both sides must compile the same domain.`);
        }
        const key = args.length === 0 ? String(sourceId) : `${sourceId}:${JSON.stringify(args)}`;
        let step = byKey.get(key);
        if (step === undefined) {
          step = domain.instantiate(sourceId, args);
          byKey.set(key, step);
        }
        // A function cost was evaluated for this plan: the step carries it, as in the planner's own plan.
        return cost === step.cost ? step : Object.freeze({ ...step, cost });
      }),
  };
}
