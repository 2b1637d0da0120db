import {
  ChangeSource,
  applyEffects,
  firstFailing,
  validatePlan,
  type Availability,
  type Plan,
  type PlanAmendment,
  type PlanStep,
  type WorldState,
} from '@dualplan/world-state';
import { compoundsAbove, decompositionTree, type DecomposedCompound, type DecompositionTree } from '../diagnostics/decompositionTree.js';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnMeta } from '../search/HtnPlan.js';
import type { HtnPlanner } from '../HtnPlanner.js';

/** The tree of an HTN plan made from a root task by `planner`, or null (a task-list plan, a resumed one, or one that cannot be replayed). */
export function treeOf(planner: HtnPlanner<any, string>, plan: Plan): DecompositionTree | null {
  if (plan.planner !== 'htn') return null;
  const meta = plan.meta as HtnMeta;
  const domain = planner.planningDomain;
  const root = domain.taskId(meta.root);
  if (root < 0) return null;
  return decompositionTree(domain, {
    root,
    rootArgs: domain.callArgs[domain.defaultCall[root]],
    steps: plan.steps,
    mtr: meta.mtr,
    slotRoot: (task) => planner.slotRootOf(task),
  });
}

/**
 * Plan repair for an HTN plan whose step `index` failed: walk up the compounds above that step, lowest first; at
 * the first whose chosen method still applies on the current state, plan that compound again from the current
 * state and keep the steps after it. The first such repair that is valid from the current state is returned, as
 * the rest of the plan from the failed step on, with the MTR of the whole (the entries before the compound kept).
 * Null when no compound qualifies (the caller then replans from scratch).
 * @example
 * const mended = repairHtnPlan(planner, failedPlan, 2, state, ctx);
 * mended?.from; // 'compound AttackEnemy'
 */
export function repairHtnPlan<Ctx>(
  planner: HtnPlanner<Ctx, string>,
  failed: Plan,
  index: number,
  state: WorldState<any>,
  ctx: Ctx,
  availability?: Availability,
): PlanAmendment | null {
  const tree = treeOf(planner, failed);
  if (tree === null) return null;
  const domain = planner.planningDomain;
  const scratch = state.clone();
  for (const c of compoundsAbove(tree, index)) {
    const compound = tree.compounds[c];
    if (underScope(domain, tree, compound) || !stillApplies(domain, compound, state, ctx)) continue;
    const rest = replan(planner, failed, compound, state, ctx, availability, [], scratch, 0);
    if (rest === null) continue;
    const name = domain.taskNames[compound.task];
    return { plan: rest, from: `compound ${name}`, reason: `method ${domain.methodNames[compound.method]} of ${name} still applies: ${name} planned again` };
  }
  return null;
}

/**
 * Plan adjustment for a running HTN plan at step `index` (`started`: that step runs): every compound marked
 * `adjustable` whose steps have not started (and, with `touched`, for which it says yes: a key it reads changed) is planned again from the state the plan will be in when it starts
 * (the steps before it applied); the first whose new sub-plan differs from its old one, with the whole rest still
 * valid, is returned as the rest of the plan from step `index`. Null when nothing changes.
 * @example
 * const adjusted = adjustHtnPlan(planner, running, 0, true, state, ctx);
 * adjusted?.from; // 'compound ChooseWeapon'
 */
export function adjustHtnPlan<Ctx>(
  planner: HtnPlanner<Ctx, string>,
  running: Plan,
  index: number,
  started: boolean,
  state: WorldState<any>,
  ctx: Ctx,
  availability?: Availability,
  touched: ((task: number) => boolean) | null = null,
): PlanAmendment | null {
  const domain = planner.planningDomain;
  if (!domain.adjustable.some((a) => a !== 0)) return null;
  const tree = treeOf(planner, running);
  if (tree === null) return null;
  const first = started ? index + 1 : index;
  const scratch = state.clone();
  const at = state.clone();
  for (const compound of tree.compounds) {
    if (domain.adjustable[compound.task] === 0 || compound.start < first || compound.start >= running.steps.length) continue;
    if ((touched !== null && !touched(compound.task)) || underScope(domain, tree, compound)) continue;
    // The state when the compound's first step starts: the steps before it applied (the running one's effects too).
    at.copyFrom(state);
    if (!project(running.steps, index, compound.start, at, ctx, started)) continue;
    const rest = replan(planner, running, compound, at, ctx, availability, running.steps.slice(index, compound.start), scratch, started ? 1 : 0, state);
    if (rest === null || sameSteps(rest.steps, running.steps, index)) continue;
    const name = domain.taskNames[compound.task];
    return { plan: rest, from: `compound ${name}`, reason: `the world changed: ${name} planned again` };
  }
  return null;
}

/**
 * Whether a compound above `compound` chose a method whose steps carry run-time checks or decorator scopes
 * (`check: 'step' | 'tick'`, `decorators`): planned alone, the compound's new steps would lack them, so the
 * repair or adjustment goes to a compound higher up instead.
 */
function underScope(domain: HtnDomain, tree: DecompositionTree, compound: DecomposedCompound): boolean {
  for (let p = compound.parent; p >= 0; p = tree.compounds[p].parent) {
    const m = tree.compounds[p].method;
    if (domain.methodCheck[m] !== 0 || domain.methodScopes[m] !== null) return true;
  }
  return false;
}

/** Whether the compound's chosen method's conditions hold on `state` (a condition that throws: no). */
function stillApplies(domain: HtnDomain, compound: DecomposedCompound, state: WorldState<any>, ctx: unknown): boolean {
  try {
    return firstFailing(domain.methodConds[compound.method], state, ctx) < 0;
  } catch {
    return false;
  }
}

/**
 * Plan `compound` again from `from`, then splice: `before` (steps kept in front), its new steps, the old plan's steps
 * after it. Checked from `state` (the real state; default `from`) with its first `skip` steps taken as running. Null
 * when there is no plan for the compound, it pauses, or the spliced rest is not valid.
 */
function replan<Ctx>(
  planner: HtnPlanner<Ctx, string>,
  old: Plan,
  compound: DecomposedCompound,
  from: WorldState<any>,
  ctx: Ctx,
  availability: Availability | undefined,
  before: readonly PlanStep[],
  scratch: WorldState<any>,
  skip: number,
  state: WorldState<any> = from,
): Plan<HtnMeta> | null {
  // The compound as the root task of one plan request (the planner's usual path, not a task list).
  const args = compound.args.length === 0 ? undefined : compound.args;
  const result = planner.plan(from, ctx, { task: compound.task, args, availability });
  if (result.status !== 'found' || result.plan.meta.partial) return null;
  const steps = [...before, ...result.plan.steps, ...old.steps.slice(compound.end)];
  if (!validFrom(steps, skip, state, scratch, ctx)) return null;
  const meta = old.meta as HtnMeta;
  const mtr = [...meta.mtr.slice(0, compound.mtrAt), ...result.plan.meta.mtr, ...meta.mtr.slice(compound.mtrEnd)];
  let cost = 0;
  for (const s of steps) cost += s.cost;
  return { planner: 'htn', steps, cost, meta: { ...meta, mtr }, stats: result.plan.stats };
}

/** Whether `steps` hold from `state`, the first `skip` of them running already (their effects applied, conditions not checked). */
function validFrom(steps: readonly PlanStep[], skip: number, state: WorldState<any>, scratch: WorldState<any>, ctx: unknown): boolean {
  try {
    if (skip === 0) return validatePlan(steps, 0, state, scratch, ctx).step < 0;
    const start = state.clone();
    for (let i = 0; i < skip; i++) applyStep(steps[i], start, ctx);
    return validatePlan(steps, skip, start, scratch, ctx).step < 0;
  } catch {
    return false;
  }
}

/** Apply steps `[from, to)` of `steps` to `at` (the first without its conditions when it runs already); false when one fails. */
function project(steps: readonly PlanStep[], from: number, to: number, at: WorldState<any>, ctx: unknown, started: boolean): boolean {
  try {
    for (let i = from; i < to; i++) {
      if ((i > from || !started) && firstFailing(steps[i].conditions, at, ctx) >= 0) return false;
      applyStep(steps[i], at, ctx);
    }
    return true;
  } catch {
    return false;
  }
}

function applyStep(step: PlanStep, at: WorldState<any>, ctx: unknown): void {
  applyEffects(step.effects, at, ctx, ChangeSource.Planning);
  applyEffects(step.expectedEffects, at, ctx, ChangeSource.Planning);
}

/** Whether `rest` equals `steps` from `from` on (same tasks, same arguments). */
function sameSteps(rest: readonly PlanStep[], steps: readonly PlanStep[], from: number): boolean {
  if (rest.length !== steps.length - from) return false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    const b = steps[from + i];
    if (a !== b && (a.task !== b.task || a.args.length !== b.args.length || a.args.some((x, j) => !Object.is(x, b.args[j])))) return false;
  }
  return true;
}
