import type { PlanStep } from '@dualplan/world-state';
import type { HtnDomain } from './HtnDomain.js';

/**
 * @internal The steps of primitive calls, shared by a planner's searches: a
 * static call's step by call id (prebuilt by {@link compileHtnDomain}, or built on
 * first use for a parameterised primitive referenced without arguments), a
 * dynamic call's by task and JSON of its arguments. Only dynamic calls build a key.
 */
export class StepCache {
  private readonly domain: HtnDomain;
  private readonly byCall: (PlanStep | null)[];
  private readonly byArgs = new Map<string, PlanStep>();

  constructor(domain: HtnDomain) {
    this.domain = domain;
    this.byCall = domain.callStep.slice();
  }

  /** The step of primitive `call`, which is `task` with `args`. */
  get(call: number, task: number, args: readonly unknown[]): PlanStep {
    if (call < this.byCall.length) {
      let step = this.byCall[call];
      if (step === null) this.byCall[call] = step = this.domain.instantiate(task, args);
      return step;
    }
    const key = `${task}:${JSON.stringify(args)}`;
    let step = this.byArgs.get(key);
    if (!step) this.byArgs.set(key, (step = this.domain.instantiate(task, args)));
    return step;
  }
}
