import type { Plan } from '../plan/Plan.js';

/** One name a planner may not choose now, and why. */
export interface Unavailable {
  /** The action (HTN primitive task or GOAP action) name. */
  readonly name: string;
  /** Seconds left on its cooldown; 0 when it is blocked by `once`. */
  readonly seconds: number;
  /** Blocked by `once` (for good with scope `'agent'`, until the running plan ends with `'plan'`). */
  readonly once: boolean;
}

/**
 * What the agent's decorator state (cooldowns, `once`) forbids the planner to choose in one request. The runner
 * builds it and passes it to `AgentPlanner.plan`; planners stay pure functions of (state, ctx, running,
 * availability). Plain data, so it crosses to a worker pool unchanged. Absent or empty: everything is available.
 * @example
 * const view: Availability = { unavailable: [{ name: 'ThrowGrenade', seconds: 3.2, once: false }] };
 * planner.plan(state, ctx, null, view); // plans without ThrowGrenade
 */
export interface Availability {
  readonly unavailable: readonly Unavailable[];
  /**
   * Goals skipped for their cool-down after repeated failures (GOAP goal selection), with the seconds left
   * (`once` false). Absent: none.
   */
  readonly goals?: readonly Unavailable[];
}

/**
 * A goal's cool-down after failures: after `failures` failed plans within `window` seconds, the goal is skipped
 * for `seconds`. A goal-choosing planner puts it in the meta of each plan for that goal (`meta.goal`,
 * `meta.goalCooldown`), so the agent that runs the plan counts the failures (see {@link goalCooldownOf}).
 */
export interface GoalCooldownRule {
  readonly failures: number;
  readonly window: number;
  readonly seconds: number;
}

/**
 * The goal of `plan` and its cool-down rule, when its planner put them in the plan's meta; else null.
 * @example
 * const cooling = goalCooldownOf(plan); // { goal: 'Attack', rule: { failures: 2, window: 1, seconds: 1 } }
 */
export function goalCooldownOf(plan: Plan): { readonly goal: string; readonly rule: GoalCooldownRule } | null {
  const meta = plan.meta as { goal?: unknown; goalCooldown?: Partial<GoalCooldownRule> } | undefined;
  const rule = meta?.goalCooldown;
  if (typeof meta?.goal !== 'string' || rule === undefined || rule === null) return null;
  const { failures, window, seconds } = rule;
  if (typeof failures !== 'number' || typeof window !== 'number' || typeof seconds !== 'number') return null;
  return { goal: meta.goal, rule: { failures, window, seconds } };
}

/**
 * Why an entry is unavailable, for traces and why-not answers: "on cooldown for 3.2 s" or "already done (once)".
 * @example
 * describeUnavailable({ name: 'ThrowGrenade', seconds: 3.2, once: false }); // 'on cooldown for 3.2 s'
 */
export function describeUnavailable(u: Unavailable): string {
  return u.once ? 'already done (once)' : `on cooldown for ${Math.round(u.seconds * 10) / 10} s`;
}
