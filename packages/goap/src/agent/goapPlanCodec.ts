import { DualplanError, plainResult, resultFromPlain, type PlainOutcome, type PlanCodec, type PlanResult } from '@dualplan/world-state';
import type { GoapDomain } from '../domain/GoapDomain.js';

/**
 * A {@link PlanCodec} for plans of one GOAP domain: steps travel as action
 * index, name and cost, and come back as the domain's own shared steps (a copy
 * only when a dynamic cost or a failure penalty changed the cost). Used by the
 * runner's worker pool to send plans between threads.
 * @example
 * const codec = goapPlanCodec(domain);
 * const again = codec.decode(structuredClone(codec.encode(result)));
 */
export function goapPlanCodec(domain: GoapDomain): PlanCodec {
  return {
    encode: (result: PlanResult): PlainOutcome => plainResult(result),
    decode: (plain: PlainOutcome): PlanResult =>
      resultFromPlain(plain, (s) => {
        const step = domain.steps[s.sourceId];
        if (step === undefined || step.task !== s.task) {
          throw new DualplanError(
            'UNKNOWN_STEP',
            s.task,
            `Plan step "${s.task}" (action ${s.sourceId}) is not an action of this GOAP domain: both sides must compile the same domain.`,
          );
        }
        return s.cost === step.cost ? step : Object.freeze({ ...step, cost: s.cost });
      }),
  };
}
