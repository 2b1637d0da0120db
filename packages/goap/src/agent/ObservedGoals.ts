import type { ObservedGoal } from '@dualplan/world-state';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * @internal How one planner's goals were weighed in its calls, for a monitor: written in
 * place into reused entries while a call ranks its goals ({@link begin}), and reported as
 * the list of the previous call when nothing changed ({@link settled}), else as a new list
 * (reported lists never change after). A planner weighing the same goals the same way call
 * after call so reports without allocating.
 */
export class ObservedGoals {
  private readonly scratch: Mutable<ObservedGoal>[] = [];
  private last: readonly ObservedGoal[] | null = null;

  /** The entries to weigh `n` goals into (their fields are all written by the ranking). */
  begin(n: number): Mutable<ObservedGoal>[] {
    const s = this.scratch;
    while (s.length < n) s.push({ name: '', priority: NaN, valid: true, satisfied: false, plannable: null, chosen: false });
    if (s.length > n) s.length = n;
    return s;
  }

  /** The goals as weighed in this call: the previous call's list when it is the same, else a copy of the entries. */
  settled(): readonly ObservedGoal[] {
    const s = this.scratch;
    const last = this.last;
    if (last !== null && last.length === s.length && s.every((g, i) => same(g, last[i]))) return last;
    return (this.last = s.map(copy));
  }

  /** Forget the last list (no monitor observes the planner any more). */
  clear(): void {
    this.last = null;
  }
}

function same(a: ObservedGoal, b: ObservedGoal): boolean {
  return (
    a.name === b.name &&
    Object.is(a.priority, b.priority) &&
    a.valid === b.valid &&
    a.invalid === b.invalid &&
    a.satisfied === b.satisfied &&
    a.plannable === b.plannable &&
    a.chosen === b.chosen &&
    a.coolingDown === b.coolingDown
  );
}

/** An entry as reported: its optional fields only when set. */
function copy(g: ObservedGoal): ObservedGoal {
  const out: Mutable<ObservedGoal> = { name: g.name, priority: g.priority, valid: g.valid, satisfied: g.satisfied, plannable: g.plannable, chosen: g.chosen };
  if (g.invalid !== undefined) out.invalid = g.invalid;
  if (g.coolingDown !== undefined) out.coolingDown = g.coolingDown;
  return out;
}
