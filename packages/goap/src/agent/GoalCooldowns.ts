import type { Availability, PlanBuffer } from '@dualplan/world-state';
import type { CompiledGoal, GoalCooldown } from '../domain/GoapDomain.js';
import type { GoapMeta } from '../search/GoapResult.js';

/**
 * A GOAP agent planner's goal cool-downs: each goal's rule (its own `cooldown`, else the agent's), and per request
 * the goals the agent's view says are cooling down. The state (when each goal failed, until when it is skipped)
 * lives in the agent that runs the plans (`agent.behaviour`, saved with it, passed in every request as
 * {@link Availability.goals}, so a worker pool plans with it too): a found plan carries its goal's rule in
 * `meta.goalCooldown`, and the runner counts its failures.
 * @example
 * const cooling = new GoalCooldowns(goals, { failures: 3, window: 10, seconds: 5 });
 * cooling.use({ unavailable: [], goals: [{ name: 'Attack', seconds: 2, once: false }] });
 * cooling.left(0); // 2 when goals[0] is Attack
 */
export class GoalCooldowns {
  /** Per goal: its rule, or null (never cools down). */
  private readonly rules: (GoalCooldown | null)[];
  private readonly names: readonly string[];
  /** Per goal: the seconds the current request's view says it is still skipped for. */
  private readonly seconds: Float64Array;
  private viewed = false;
  /** Whether any goal has a rule (else plans carry none). */
  readonly hasRules: boolean;

  constructor(goals: readonly CompiledGoal[], fallback: GoalCooldown | null) {
    this.rules = goals.map((g) => g.cooldown ?? fallback);
    this.names = goals.map((g) => g.name);
    this.seconds = new Float64Array(goals.length);
    this.hasRules = this.rules.some((r) => r !== null);
  }

  /** Whether the current request skips some goal (else goal selection checks nothing). */
  get active(): boolean {
    return this.viewed;
  }

  /** Take the goals cooling down from the request's view (absent: none). */
  use(availability: Availability | undefined): void {
    if (this.viewed) this.seconds.fill(0);
    this.viewed = false;
    const goals = availability?.goals;
    if (goals === undefined) return;
    for (const u of goals) {
      const g = this.names.indexOf(u.name);
      if (g >= 0 && u.seconds > 0) {
        this.seconds[g] = u.seconds;
        this.viewed = true;
      }
    }
  }

  /** Seconds goal `g` is still skipped for (0: it is not). */
  left(g: number): number {
    return this.seconds[g];
  }

  /** Put the rule of the found plan's goal in its meta (or clear it: the buffer's meta is reused). */
  mark(out: PlanBuffer): void {
    const plan = out.r.plan;
    if (plan === null) return;
    const meta = plan.meta as { -readonly [K in keyof GoapMeta]: GoapMeta[K] };
    const g = this.names.indexOf(meta.goal);
    const rule = g >= 0 ? this.rules[g] : null;
    if (rule !== null) meta.goalCooldown = rule;
    else if (meta.goalCooldown !== undefined) meta.goalCooldown = undefined;
  }
}
