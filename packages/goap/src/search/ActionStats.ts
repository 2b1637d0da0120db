/**
 * Per-action runtime statistics of one planner, kept across searches: the cost
 * multiplier raised by failures and decayed over time (success-rate tracking),
 * failure and success counts, and how many found plans used each action
 * (actions never selected point at over-strict conditions or bad data). @internal
 */
export class ActionStats {
  /** Per action: runtime cost multiplier (>= 1). */
  readonly multipliers: Float64Array;
  readonly failures: Uint32Array;
  readonly successes: Uint32Array;
  readonly selected: Uint32Array;

  constructor(
    actionCount: number,
    readonly failurePenalty: number,
    readonly penaltyHalfLife: number,
  ) {
    this.multipliers = new Float64Array(actionCount).fill(1);
    this.failures = new Uint32Array(actionCount);
    this.successes = new Uint32Array(actionCount);
    this.selected = new Uint32Array(actionCount);
  }

  /** Count a runtime failure of action `a` and raise its multiplier by `amount`. */
  penalize(a: number, amount = this.failurePenalty): void {
    if (a < 0 || a >= this.multipliers.length) return;
    this.failures[a]++;
    this.multipliers[a] += amount;
  }

  /** Count a runtime success of action `a`. */
  succeeded(a: number): void {
    if (a >= 0 && a < this.successes.length) this.successes[a]++;
  }

  /** The latest time {@link advanceTo} reached, in seconds (the clock the agent planners of this planner share). */
  private clock = 0;

  /** The shared clock's time, in seconds. */
  get time(): number {
    return this.clock;
  }

  /**
   * Bring the shared clock to `time` seconds, decaying by the time that passed; an earlier time changes nothing.
   * `step`: the time the caller's own clock moved to reach `time` (used as the decay when the shared clock was
   * that far behind).
   * Agents sharing one planner each report their own time, so the penalties decay once per second, not once per
   * agent per second.
   */
  advanceTo(time: number, step = Infinity): void {
    const ahead = time - this.clock;
    if (!(ahead > 0)) return;
    this.clock = time;
    // The caller's own step when the clock was (to rounding) that step behind: one agent decays exactly as
    // decay(step) would, not by a difference of two sums that may differ from it in the last bit.
    this.decay(ahead >= step * (1 - 1e-9) ? step : ahead);
  }

  /** Let `dt` seconds pass: every extra multiplier halves per `penaltyHalfLife`. */
  decay(dt: number): void {
    if (!(dt > 0)) return;
    const m = this.multipliers;
    // Most ticks nothing is penalised: find the first raised multiplier before paying for the power. (The
    // array is public, and a worker pool writes it, so it is scanned rather than tracked by a flag.)
    let i = 0;
    while (i < m.length && m[i] === 1) i++;
    if (i === m.length) return;
    const k = Math.pow(0.5, dt / this.penaltyHalfLife);
    for (; i < m.length; i++) {
      if (m[i] === 1) continue;
      const extra = (m[i] - 1) * k;
      m[i] = extra < 1e-6 ? 1 : 1 + extra;
    }
  }
}
