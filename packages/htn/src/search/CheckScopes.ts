import type { PlanStep } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import { grow } from '../domain/grow.js';
import { CheckedSteps } from './CheckedSteps.js';

/** No open scope. */
const NONE = -1;

/**
 * @internal The run-time check scopes open on an ordered search's path (methods with
 * `check`): a persistent stack in an arena, so a decomposition point saves it as two
 * numbers ({@link current}, {@link top}) and {@link restore} takes it back. Steps planned
 * inside a scope carry its method's conditions ({@link under}).
 */
export class CheckScopes {
  private innermost = NONE;
  private end = 0;
  private method = new Int32Array(16);
  private parent = new Int32Array(16);
  private readonly checked: CheckedSteps;

  constructor(domain: HtnDomain) {
    this.checked = new CheckedSteps(domain);
  }

  /** The innermost open scope (a node of the arena), or -1. */
  get current(): number {
    return this.innermost;
  }

  /** The arena's top. */
  get top(): number {
    return this.end;
  }

  /** Back to a saved ({@link current}, {@link top}); (-1, 0) when a search starts. */
  restore(current: number, top: number): void {
    this.innermost = current;
    this.end = top;
  }

  /** Open method `m`'s scope: primitives planned until its end marker carry its conditions. */
  open(m: number): void {
    const n = this.end++;
    if (n >= this.method.length) {
      this.method = grow(this.method, n + 1);
      this.parent = grow(this.parent, n + 1);
    }
    this.method[n] = m;
    this.parent[n] = this.innermost;
    this.innermost = n;
  }

  /** Close the innermost scope (its end marker; after resuming a continuation none is open). */
  close(): void {
    if (this.innermost !== NONE) this.innermost = this.parent[this.innermost];
  }

  /** `step` with the checks of every open scope (a delegate's steps too: they run under the method). */
  under(step: PlanStep): PlanStep {
    for (let n = this.innermost; n !== NONE; n = this.parent[n]) step = this.checked.under(step, this.method[n]);
    return step;
  }
}
