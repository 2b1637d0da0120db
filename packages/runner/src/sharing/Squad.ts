import {
  ForwardingPlanner,
  noPlan,
  planFound,
  validatePlan,
  type AgentPlanner,
  type Availability,
  type PlanStep,
  type Plan,
  type PlanCheck,
  type PlanResult,
  type ReplaceDecision,
  type WorldState,
} from '@dualplan/world-state';
import { frozenResult } from './frozenResult.js';

/** Counters of a {@link Squad}. */
export interface SquadStats {
  /** Plans the leader found (and shared). */
  leaderPlans: number;
  /** Follower requests answered with the leader's plan: searches saved. */
  followed: number;
  /** Follower requests the leader's plan did not fit (or there was none): planned by the fallback, if any. */
  fallbacks: number;
}

const NEWER: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: true, reason: "the squad leader's newer plan" });
const SAME: ReplaceDecision = /* @__PURE__ */ Object.freeze({ replace: false, reason: "already following the squad leader's plan" });

/**
 * Leader and followers: one agent plans, the others run its latest plan as
 * long as it is valid from their own state (checked like the runner checks
 * a new plan), and plan for themselves through an optional fallback when it
 * is not. A squad of ten then costs one search, not ten. Followers pick up a
 * new leader plan when their runner asks again: give them a `recheckInterval`.
 * @example
 * const squad = new Squad();
 * const leader = createAgent({ id: 'sarge', planner: squad.leader(goapAgentPlanner(new GoapPlanner(domain))), ... });
 * const grunt = createAgent({ id: 'grunt1', planner: squad.follower({ fallback: goapAgentPlanner(new GoapPlanner(domain)) }), recheckInterval: 0.5, ... });
 */
export class Squad<Ctx = any> {
  readonly stats: SquadStats = { leaderPlans: 0, followed: 0, fallbacks: 0 };
  /** The leader's latest plan, frozen. */
  private sharedPlan: Plan | null = null;
  /** The answer followers give while they follow {@link sharedPlan}: one frozen object per leader plan, not one per request. */
  private followingResult: PlanResult | null = null;

  /** @internal The leader's latest plan, frozen, or null. */
  get shared(): Plan | null {
    return this.sharedPlan;
  }

  /** @internal The answer followers give while they follow {@link shared} (non-null once there is one). */
  get following(): PlanResult | null {
    return this.followingResult;
  }

  /** @internal The leader found `plan` (frozen): it becomes the squad's plan. */
  share(plan: Plan): void {
    this.sharedPlan = plan;
    this.followingResult = Object.freeze(planFound(plan, 'following the squad leader'));
    this.stats.leaderPlans++;
  }

  /** Share of follower requests served by the leader's plan (0 before any). */
  get followRate(): number {
    const n = this.stats.followed + this.stats.fallbacks;
    return n === 0 ? 0 : this.stats.followed / n;
  }

  /** Wrap the leader's planner: every plan it finds becomes the squad's plan. */
  leader(planner: AgentPlanner<Ctx>): AgentPlanner<Ctx> {
    return new LeaderPlanner(this, planner);
  }

  /** A follower's planner: the leader's plan when it fits, else `fallback` (or no plan). */
  follower(options: { fallback?: AgentPlanner<Ctx>; kind?: string } = {}): AgentPlanner<Ctx> {
    return new FollowerPlanner(this, options.fallback ?? null, options.kind ?? 'follower');
  }
}

class LeaderPlanner<Ctx> extends ForwardingPlanner<Ctx> {
  constructor(
    private readonly squad: Squad<Ctx>,
    inner: AgentPlanner<Ctx>,
  ) {
    super(inner);
  }

  override plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult {
    const result = availability === undefined ? this.inner.plan(state, ctx, running) : this.inner.plan(state, ctx, running, availability);
    if (result.status !== 'found') return result;
    const kept = frozenResult(result);
    this.squad.share(kept.plan!);
    return kept;
  }
}

const NONE: AgentPlanner = {
  kind: 'follower',
  operators: [],
  plan: () => noPlan('no squad plan fits and no fallback planner'),
  shouldReplace: () => ({ replace: false, reason: 'no fallback planner' }),
};

class FollowerPlanner<Ctx> extends ForwardingPlanner<Ctx> {
  override readonly kind: string;
  private scratch: WorldState<any> | null = null;
  private readonly check: PlanCheck = { step: -1, condition: -1, reason: '' };

  constructor(
    private readonly squad: Squad<Ctx>,
    fallback: AgentPlanner<Ctx> | null,
    kind: string,
  ) {
    super(fallback ?? NONE);
    this.kind = kind;
  }

  override plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult {
    const shared = this.squad.shared;
    // The leader's plan is followed only when this agent may run every step of it (its own cooldowns, once marks).
    if (shared !== null && (availability === undefined || !usesUnavailable(shared.steps, availability))) {
      if (this.scratch === null || this.scratch.schema !== state.schema) this.scratch = state.clone();
      if (validatePlan(shared.steps, 0, state, this.scratch, ctx, this.check).step < 0) {
        this.squad.stats.followed++;
        return this.squad.following!;
      }
    }
    this.squad.stats.fallbacks++;
    return availability === undefined ? this.inner.plan(state, ctx, running) : this.inner.plan(state, ctx, running, availability);
  }

  override shouldReplace(candidate: Plan, running: Plan): ReplaceDecision {
    if (candidate === running) return SAME;
    if (candidate === this.squad.shared) return NEWER;
    return this.inner.shouldReplace(candidate, running);
  }
}

/** Whether a step of `steps` is one `availability` forbids. */
function usesUnavailable(steps: readonly PlanStep[], availability: Availability): boolean {
  for (const u of availability.unavailable) for (const step of steps) if (step.task === u.name) return true;
  return false;
}
