import {
  describeAll,
  ObserverSet,
  RecentCaptures,
  PlanBuffer,
  type AgentPlanner,
  type Availability,
  type CatalogEntry,
  type Plan,
  type PlanAmendment,
  type PlanObserver,
  type PlanResult,
  type PlanStep,
  type ReplaceDecision,
  type WorldState,
} from '@dualplan/world-state';
import { compileGoal } from '../domain/compileGoal.js';
import type { CompiledGoal, GoalCooldown, GoalDef } from '../domain/GoapDomain.js';
import { checkGoalCooldown } from '../domain/checkGoalCooldown.js';
import { GoalCooldowns } from './GoalCooldowns.js';
import { GoapTrace } from '../diagnostics/GoapTrace.js';
import type { GoapPlanner } from '../GoapPlanner.js';
import type { GoapMeta } from '../search/GoapResult.js';
import { planBest, type GoapReports } from './planBest.js';
import { ObservedGoals } from './ObservedGoals.js';
import { SearchesByState } from './SearchesByState.js';
import { repairGoapPlan } from './repairGoapPlan.js';

/** Options of {@link goapAgentPlanner}: which goals the agent chooses from and how it reports itself. */
export interface GoapAgentOptions {
  /** Goals to choose from (names, compiled goals or goal definitions); default: every goal of the domain. */
  readonly goals?: readonly (string | CompiledGoal | GoalDef)[];
  /** Name reported as `kind` (default `'goap'`). */
  readonly kind?: string;
  /** The cool-down after failures of every goal without its own `cooldown` ({@link GoalCooldown}); default none. */
  readonly goalCooldown?: GoalCooldown;
  /**
   * Plan repair: when a step fails, run the rest of the plan again if it still reaches the goal, else plan the same
   * goal again, before a full replan over every goal (see {@link repairGoapPlan}). Defaults to false.
   */
  readonly repair?: boolean;
}

/**
 * The runner's adapter for a {@link GoapPlanner} (the ReGoap flow):
 * `plan()` picks the highest-priority goal that is valid, not yet satisfied and
 * plannable, falling back through the rest in priority order; `shouldReplace()`
 * switches only to a goal of strictly higher priority; step failures raise the
 * action's cost multiplier, and `update(dt)` decays it.
 * @example
 * const agent = goapAgentPlanner(new GoapPlanner(soldierGoapDomain()));
 * const outcome = agent.plan(state, ctx, null); // { status: 'found', plan, reason: 'goal killEnemy' }
 */
export function goapAgentPlanner<Ctx = any, Op extends string = string>(planner: GoapPlanner<Ctx, Op>, options: GoapAgentOptions = {}): AgentPlanner<Ctx, Op> {
  const goals = (options.goals ?? planner.domain.goals).map((g) => resolveGoal(planner, g));
  const buffers = [new PlanBuffer(), new PlanBuffer()];
  const cooling = new GoalCooldowns(goals, checkGoalCooldown(options.goalCooldown, 'goalCooldown'));
  const owns = (step: PlanStep) => planner.domain.steps[step.sourceId]?.task === step.task;
  // A monitor's observer; while set, the planner traces and each search and the goal selection are reported.
  const observers = new ObserverSet();
  let ownTrace: GoapTrace | null = null;
  // Trace while observed (keeping a trace the user set up), and stop when the last observer leaves.
  // Recent captures and goal lists, reported again as the same objects when a call repeats them.
  // And the searches traced lately by goal and start state, reused untraced when only the state can change them.
  const byState = new SearchesByState(planner);
  const reports: GoapReports = { captures: new RecentCaptures((c, p) => c.matches(p.search!, p.trace)), goals: new ObservedGoals(), byState };
  const traced = () => {
    if (observers.size > 0 && planner.trace === null) planner.trace = ownTrace = new GoapTrace();
    if (observers.size === 0 && ownTrace !== null && planner.trace === ownTrace) planner.trace = ownTrace = null;
    if (observers.size === 0) {
      reports.captures.clear();
      reports.goals.clear();
      byState.clear();
    }
  };
  const adapter: AgentPlanner<Ctx, Op> & PenaltyClock = {
    kind: options.kind ?? 'goap',
    exclusive: true,
    operators: planner.domain.actions.operators,
    // This agent's time on the planner's shared penalty clock, from the moment it joined, and that planner.
    [AGENT_TIME]: planner.penaltyTime,
    [PENALTIES]: planner,
    plan(state: WorldState<any>, ctx: Ctx, running: Plan | null, availability?: Availability): PlanResult {
      planner.engine.allow(availability);
      cooling.use(availability);
      if (observers.size > 0) byState.begin(planner, availability, ownTrace !== null && planner.trace === ownTrace);
      // Never write into the buffer holding the plan the runner is executing.
      return planBest(planner.engine, goals, state, ctx, buffers[running === buffers[0].p ? 1 : 0], observers.observer, planner.trace, cooling, reports);
    },
    observe(next: PlanObserver | null): () => void {
      if (next === null) {
        observers.clear();
        traced();
        return () => {};
      }
      const detach = observers.add(next);
      traced();
      if (next.catalog) {
        const d = planner.domain;
        const conditions = Object.fromEntries(d.steps.map((step) => [step.task, describeAll(step.conditions)]));
        const entries: Record<string, CatalogEntry> = {};
        d.steps.forEach((step, a) => {
          entries[step.task] = {
            kind: 'action',
            conditions: conditions[step.task],
            effects: [...describeAll(step.effects), ...describeAll(step.expectedEffects)],
            cost: d.costFns[a] !== null ? null : d.baseCost[a],
          };
        });
        for (const g of goals)
          entries[g.name] = {
            kind: 'goal',
            conditions: describeAll(g.conditions),
            effects: [],
            cost: null,
            priority: typeof g.priority === 'number' ? g.priority : null,
          };
        next.catalog({ actions: d.actionNames.slice(), compounds: [], methods: [], goals: goals.map((g) => g.name), conditions, entries });
      }
      return () => {
        detach();
        traced();
      };
    },
    shouldReplace(candidate: Plan, running: Plan): ReplaceDecision {
      const c = candidate.meta as GoapMeta | undefined;
      const r = running.meta as GoapMeta | undefined;
      if (!c || typeof c.priority !== 'number') return { replace: false, reason: 'candidate is not a GOAP plan' };
      if (!r || typeof r.priority !== 'number') return { replace: true, reason: `goal ${c.goal} replaces a non-GOAP plan` };
      if (c.goal === r.goal) return { replace: false, reason: `same goal ${c.goal}: the running plan already serves it` };
      return c.priority > r.priority
        ? { replace: true, reason: `goal ${c.goal} (priority ${c.priority}) outranks ${r.goal} (priority ${r.priority})` }
        : { replace: false, reason: `goal ${c.goal} (priority ${c.priority}) does not outrank ${r.goal} (priority ${r.priority})` };
    },
    stepFailed(step: PlanStep): void {
      if (owns(step)) planner.penalize(step.sourceId);
    },
    stepSucceeded(step: PlanStep): void {
      if (owns(step)) planner.succeeded(step.sourceId);
    },
    update: advancePenaltyClock,
  };
  if (options.repair === true) {
    // The step whose suffix was run again last: a second failure of it plans the goal again instead.
    let retriedStep: PlanStep | null = null;
    adapter.repair = (state: WorldState<any>, ctx: Ctx, failed: Plan, index: number, availability?: Availability): PlanAmendment | null => {
      planner.engine.allow(availability);
      const step = failed.steps[index];
      const mended = repairGoapPlan(
        planner as GoapPlanner<Ctx, string>,
        goals,
        failed,
        index,
        state,
        ctx,
        buffers[failed === buffers[0].p ? 1 : 0],
        step === retriedStep,
      );
      retriedStep = mended !== null && mended.from === 'suffix' ? step : null;
      // A repaired plan carries its goal's cool-down rule as any found plan does.
      if (mended !== null && cooling.hasRules) cooling.mark(buffers[failed === buffers[0].p ? 1 : 0]);
      return mended;
    };
  }
  // A sliced planner built on this adapter plans itself: it shares the goals' cool-down rules.
  goalFeedback.set(adapter, { cooling });
  return adapter;
}

/** The adapter's own time on its planner's shared penalty clock, and that planner (symbol keys: not among its names). */
const AGENT_TIME = Symbol('agent time');
const PENALTIES = Symbol('penalty clock');

interface PenaltyClock {
  [AGENT_TIME]: number;
  readonly [PENALTIES]: GoapPlanner<any, string>;
}

/**
 * A GOAP agent planner's `update(dt)`: this agent's time on the clock the planner's agents share (it joined at the
 * planner's time), so a crowd sharing one planner decays its penalties once, not once per agent. One function for
 * every adapter, reading its time from the adapter itself: a crowd's tick reads the adapter and a number, not a
 * closure of its own, its context and a typed array (each one more object apart from the agent's others).
 */
function advancePenaltyClock(this: PenaltyClock, dt: number): void {
  if (dt > 0) this[PENALTIES].advanceTo((this[AGENT_TIME] += dt), dt);
}

/** @internal What a sliced planner built on a {@link goapAgentPlanner} shares with it: the goal cool-downs. */
export interface GoalFeedback {
  readonly cooling: GoalCooldowns;
}

const goalFeedback = new WeakMap<AgentPlanner<any, any>, GoalFeedback>();

/** @internal The goal feedback of an adapter made by {@link goapAgentPlanner}. */
export function goalFeedbackOf(adapter: AgentPlanner<any, any>): GoalFeedback {
  return goalFeedback.get(adapter)!;
}

/** @internal A goal given by name, compiled goal or definition, as a compiled goal of the planner's domain. */
export function resolveGoal(planner: GoapPlanner<any, string>, goal: string | CompiledGoal | GoalDef): CompiledGoal {
  // Only an object can be a compiled goal or a definition: a number, null or symbol goes to goalOf, which names it.
  return typeof goal !== 'object' || goal === null
    ? planner.goalOf(goal)
    : 'words' in goal
      ? planner.goalOf(goal as CompiledGoal)
      : compileGoal(planner.domain, goal as GoalDef);
}
