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
}

/**
 * Why an entry is unavailable, for traces and why-not answers: "on cooldown for 3.2 s" or "already done (once)".
 * @example
 * describeUnavailable({ name: 'ThrowGrenade', seconds: 3.2, once: false }); // 'on cooldown for 3.2 s'
 */
export function describeUnavailable(u: Unavailable): string {
  return u.once ? 'already done (once)' : `on cooldown for ${Math.round(u.seconds * 10) / 10} s`;
}
