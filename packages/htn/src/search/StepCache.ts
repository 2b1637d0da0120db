import type { PlanStep } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';

/**
 * Dynamic steps kept at most; past that the cache starts again. Arguments such as coordinates differ on every plan,
 * and a game runs for hours: the cache must not grow with them.
 */
export const MAX_DYNAMIC_STEPS = 4096;

/**
 * @internal The steps of primitive calls, shared by a planner's searches: a
 * static call's step by call id (prebuilt by {@link compileHtnDomain}, or built on
 * first use for a parameterised primitive referenced without arguments), a
 * dynamic call's by task and arguments when every argument is a primitive value
 * (told apart as `Object.is` does). A dynamic call with an object, function or
 * symbol argument gets a step of its own: its operator must receive that very
 * object, and two game entities may look alike as data.
 */
export class StepCache {
  private readonly domain: HtnDomain;
  private readonly byCall: (PlanStep | null)[];
  private readonly byArgs = new Map<string, PlanStep>();

  constructor(domain: HtnDomain) {
    this.domain = domain;
    this.byCall = domain.callStep.slice();
  }

  /** Dynamic steps held now (at most {@link MAX_DYNAMIC_STEPS}). */
  get size(): number {
    return this.byArgs.size;
  }

  /** The step of primitive `call`, which is `task` with `args`. */
  get(call: number, task: number, args: readonly unknown[]): PlanStep {
    if (call < this.byCall.length) {
      let step = this.byCall[call];
      if (step === null) this.byCall[call] = step = this.domain.instantiate(task, args);
      return step;
    }
    const key = argsKey(task, args);
    if (key === null) return this.domain.instantiate(task, args);
    let step = this.byArgs.get(key);
    if (!step) {
      if (this.byArgs.size >= MAX_DYNAMIC_STEPS) this.byArgs.clear();
      this.byArgs.set(key, (step = this.domain.instantiate(task, args)));
    }
    return step;
  }
}

/** A key for `task` with primitive `args`, distinct exactly when `Object.is` tells an argument apart; null when one is not primitive. */
function argsKey(task: number, args: readonly unknown[]): string | null {
  let key = String(task);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    switch (typeof a) {
      case 'string':
        // Quoted, so no string can read as another argument or as a separator.
        key += `,${JSON.stringify(a)}`;
        break;
      case 'number':
        key += Object.is(a, -0) ? ',-0' : `,${a}`;
        break;
      case 'boolean':
        key += a ? ',t' : ',f';
        break;
      case 'undefined':
        key += ',u';
        break;
      case 'bigint':
        key += `,${a}n`;
        break;
      default:
        if (a !== null) return null;
        key += ',n';
    }
  }
  return key;
}
