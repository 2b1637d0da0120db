// The planner protocol: what a planner adapter implements and what the runner and monitor call. Planner authors
// import this subpath (`@dualplan/world-state/protocol`); the root import re-exports it for everyone else.
export type { AgentPlanner, ReplaceDecision, SubPlanner } from './AgentPlanner.js';
export type { PlanAmendment } from './PlanAmendment.js';
export { plainResult, resultFromPlain, isPendingPlanner, isSlicedPlanner } from './PendingPlanning.js';
export type { PlanUrgency, PlanReceiver, PendingPlanner, SlicedPlanner, PlainStep, PlainPlan, PlainOutcome, PlanCodec } from './PendingPlanning.js';
export { ForwardingPlanner } from './ForwardingPlanner.js';
export { ObserverSet } from './ObserverSet.js';
export { RecentCaptures } from './RecentCaptures.js';
export { StateCaptures } from './StateCaptures.js';
export type { PlanObserver, ObservedGoal, PlannerCatalog, CatalogEntry } from './PlanObserver.js';
export type { SearchSummary, SearchCounter, ConditionTexts } from './SearchSummary.js';
export { PlanBuffer, copyResult, planFound, noPlan, moveFaults } from '../plan/PlanResult.js';
export type { PlanResult, PlanStatus, BudgetKind, MutablePlan, MutableResult, MutableSection } from '../plan/PlanResult.js';
export type { Plan, PlanStep, PlanStats, PlanCheck, InterruptPolicy } from '../plan/Plan.js';
export { describeUnavailable, goalCooldownOf } from './Availability.js';
export { UnavailableTable, UNAVAILABLE_ONCE, describeUnavailableCode } from './UnavailableTable.js';
export type { Availability, Unavailable, GoalCooldownRule } from './Availability.js';
export { warmUpMs, WARM_UP_MAX_PLANS } from './WarmUpOptions.js';
export type { WarmUpOptions } from './WarmUpOptions.js';
