import type { CompiledGoal, GoalCooldown } from '../domain/GoapDomain.js';

/**
 * The one owner of a GOAP agent's goal cool-downs: when each goal's plans failed lately and until when it is skipped.
 * After `failures` failures within `window` seconds a goal is skipped by goal selection for `seconds` (its own rule,
 * else the agent's). Time is the agent planner's (`update(dt)`).
 * @example
 * const cooling = new GoalCooldowns(goals, { failures: 3, window: 10, seconds: 5 });
 * cooling.failed(0); cooling.left(0); // 0 until the third failure within 10 s
 */
export class GoalCooldowns {
  private now = 0;
  /** Per goal: its rule, or null (never cools down). */
  private readonly rules: (GoalCooldown | null)[];
  /** Per goal: the times of its last failures (at most `failures` of them), oldest first. */
  private readonly times: number[][];
  /** Per goal: until when it is skipped. */
  private readonly until: Float64Array;
  /** Whether any goal has a rule (else nothing is ever checked). */
  readonly active: boolean;

  constructor(goals: readonly CompiledGoal[], fallback: GoalCooldown | null) {
    this.rules = goals.map((g) => g.cooldown ?? fallback);
    this.times = goals.map(() => []);
    this.until = new Float64Array(goals.length);
    this.active = this.rules.some((r) => r !== null);
  }

  /** Let `dt` seconds pass. */
  advance(dt: number): void {
    if (dt > 0) this.now += dt;
  }

  /** A plan for goal `g` failed now: the goal cools down when that makes `failures` within `window`. */
  failed(g: number): void {
    const rule = this.rules[g];
    if (rule === null) return;
    const times = this.times[g];
    times.push(this.now);
    while (times.length > 0 && times[0] < this.now - rule.window) times.shift();
    if (times.length >= rule.failures) {
      this.until[g] = this.now + rule.seconds;
      times.length = 0;
    }
  }

  /** Seconds goal `g` is still skipped for (0: it is not). */
  left(g: number): number {
    const left = this.until[g] - this.now;
    return left > 0 ? left : 0;
  }
}
