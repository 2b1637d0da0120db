import {
  DualplanError,
  showValue,
  plainResult,
  resultFromPlain,
  type PlainOutcome,
  type PlainStep,
  type PlanCodec,
  type PlanResult,
  type PlanStep,
} from '@dualplan/world-state';
import { checksOf, CheckedSteps } from '../search/CheckedSteps.js';
import { TaskKind, type HtnDomain } from '../domain/HtnDomain.js';
import { MAX_DYNAMIC_STEPS } from '../search/StepCache.js';

/** A plain step of an HTN plan: a step planned under methods with `check: 'step' | 'tick'` names them (method ids, innermost first). */
interface HtnPlainStep extends PlainStep {
  readonly checks?: readonly number[];
}

/**
 * A {@link PlanCodec} for plans of one HTN domain: steps travel as primitive
 * task id, name and arguments, and come back as steps of the compiled domain
 * (built once per task and argument list, then reused; a copy when a function
 * cost gave the step another cost in this plan). A step planned under a method
 * with a run-time check (`check: 'step' | 'tick'`) names that method and comes
 * back with the check. The metadata (MTR, continuation) is plain data already.
 * For a planner with plugged slots, pass its `planningDomain`. Plans that splice
 * in another planner's steps (delegate tasks) cannot be re-attached: decoding
 * throws `UNKNOWN_STEP`.
 * @example
 * const codec = htnPlanCodec(domain);
 * const again = codec.decode(structuredClone(codec.encode(result)));
 */
export function htnPlanCodec(domain: HtnDomain): PlanCodec {
  const byKey = new Map<string, PlanStep>();
  const checked = new CheckedSteps(domain);
  const primitive = (plain: PlainStep): number => {
    const { sourceId, task } = plain;
    if (domain.taskNames[sourceId] === task && domain.taskKind[sourceId] === TaskKind.Primitive) return sourceId;
    // A plugged sub-domain's step carries its own domain's id; its name is the planning domain's action.
    const id = domain.taskId(task);
    if (id >= 0 && domain.taskKind[id] === TaskKind.Primitive) return id;
    throw new DualplanError(
      'UNKNOWN_STEP',
      task,
      `Plan step "${task}" (task ${sourceId}) is not a primitive task of HTN domain "${domain.name}": both sides must compile the same domain.`,
    );
  };
  return {
    encode: (result: PlanResult): PlainOutcome => {
      const plain = plainResult(result);
      const steps = result.plan?.steps;
      if (!steps || !plain.plan || !steps.some((s) => checksOf(s).methods.length > 0)) return plain;
      return { ...plain, plan: { ...plain.plan, steps: plain.plan.steps.map((s, i): HtnPlainStep => ({ ...s, checks: checksOf(steps[i]).methods })) } };
    },
    decode: (plain: PlainOutcome): PlanResult =>
      resultFromPlain(plain, (s: HtnPlainStep) => {
        const id = primitive(s);
        const { args, cost } = s;
        const key = args.length === 0 ? String(id) : argsJson(id, args);
        let step = key === null ? undefined : byKey.get(key);
        if (step === undefined) {
          step = domain.instantiate(id, args);
          // Bounded like the planner's own step cache: arguments that differ on every plan must not grow it.
          if (key !== null) {
            if (byKey.size >= MAX_DYNAMIC_STEPS) byKey.clear();
            byKey.set(key, step);
          }
        }
        for (const m of s.checks ?? []) {
          if (!(Number.isInteger(m) && m >= 0 && m < domain.methodCheck.length && domain.methodCheck[m] !== 0)) {
            throw new DualplanError(
              'UNKNOWN_STEP',
              s.task,
              `Plan step "${s.task}" names method ${showValue(m)} for its run-time check, which is not a checked method of HTN domain "${domain.name}": both sides must compile the same domain.`,
            );
          }
          step = checked.under(step, m);
        }
        // A function cost was evaluated for this plan: the step carries it, as in the planner's own plan.
        return cost === step.cost ? step : Object.freeze({ ...step, cost });
      }),
  };
}

/** The decode cache's key for primitive `id` with decoded `args` (plain data, so JSON tells them apart), or null when JSON cannot write them (a cycle, a bigint). */
function argsJson(id: number, args: readonly unknown[]): string | null {
  try {
    return `${id}:${JSON.stringify(args)}`;
  } catch {
    return null;
  }
}
