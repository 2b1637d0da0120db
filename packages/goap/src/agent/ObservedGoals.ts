import { RecentCaptures, type ObservedGoal } from '@dualplan/world-state';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * @internal How one planner's goals were weighed in its calls, for a monitor: written in
 * place into reused entries while a call ranks its goals ({@link begin}), and reported as
 * a list reported lately when it is the same ({@link settled}), else as a new list
 * (reported lists never change after). A planner weighing its goals as in one of its
 * recent calls so reports without allocating.
 */
export class ObservedGoals {
  private readonly scratch: Mutable<ObservedGoal>[] = [];
  private readonly recent = new RecentCaptures<readonly ObservedGoal[], readonly ObservedGoal[]>(sameList);

  /** The entries to weigh `n` goals into (their fields are all written by the ranking). */
  begin(n: number): Mutable<ObservedGoal>[] {
    const s = this.scratch;
    while (s.length < n) s.push({ name: '', priority: NaN, valid: true, satisfied: false, plannable: null, chosen: false });
    if (s.length > n) s.length = n;
    return s;
  }

  /** The goals as weighed in this call: a list reported lately when it is the same, else a copy of the entries. */
  settled(): readonly ObservedGoal[] {
    return this.recent.find(this.scratch) ?? this.recent.add(this.scratch.map(copy));
  }

  /** Forget the lists reported (no monitor observes the planner any more). */
  clear(): void {
    this.recent.clear();
  }
}

function sameList(a: readonly ObservedGoal[], b: readonly ObservedGoal[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
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
