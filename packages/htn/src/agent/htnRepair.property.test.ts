import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { applyEffects, ChangeSource, createState, validatePlan, type Plan, type WorldState } from '@dualplan/world-state';
import { soldierActions, trollActions } from '@dualplan/world-state/examples';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';
import { soldierHtnDomain } from '../examples/soldierHtnDomain.js';
import { gunCombatDomain, npcActions, npcHtnDomain, swordCombatDomain } from '../examples/npcHtnDomain.js';
import { compoundsAbove } from '../diagnostics/decompositionTree.js';
import { HtnPlanner } from '../HtnPlanner.js';
import type { HtnMeta } from '../search/HtnPlan.js';
import { repairHtnPlan, treeOf } from './htnRepair.js';

/** The three example agents' planners (the NPC with nothing, a sword or a gun in its combat slot). */
const planners: (() => HtnPlanner<any, string>)[] = [
  () => new HtnPlanner(trollHtnDomain({}, trollActions())),
  () => new HtnPlanner(soldierHtnDomain(soldierActions())),
  () => new HtnPlanner(npcHtnDomain(npcActions())),
  () => {
    const actions = npcActions();
    const p = new HtnPlanner(npcHtnDomain(actions));
    p.plug('Combat', swordCombatDomain(actions));
    return p;
  },
  () => {
    const actions = npcActions();
    const p = new HtnPlanner(npcHtnDomain(actions));
    p.plug('Combat', gunCombatDomain(actions));
    return p;
  },
];

/** A random value for every cell of the state, from fractions in [0, 1). */
function randomize(state: WorldState<any>, fractions: readonly number[]): void {
  const { min, max } = state.schema;
  for (let cell = 0; cell < state.schema.size; cell++) {
    const f = fractions[cell % fractions.length];
    state.write(cell, min[cell] + Math.floor(f * (max[cell] - min[cell] + 1)), ChangeSource.External);
  }
}

const names = (p: Plan) => p.steps.map((s) => s.task);
const fractions = fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 24 });

describe('HTN plan repair on random failures of the troll, soldier and NPC plans', () => {
  it('yields plans valid from the current state that keep the prefix, the MTR above the compound and the steps after it', () => {
    let repaired = 0;
    fc.assert(
      fc.property(fc.nat(planners.length - 1), fractions, fc.nat(), fc.option(fractions, { nil: undefined }), (which, start, at, change) => {
        const planner = planners[which]();
        const state = createState(planner.domain.schema);
        randomize(state, start);
        const plan = planner.plan(state).plan;
        if (plan === null || plan.steps.length === 0) return;
        const failed = { ...plan, steps: plan.steps.slice(), meta: { ...(plan.meta as HtnMeta), mtr: plan.meta.mtr.slice() } };
        // Every plan of these agents can be replayed into its decomposition tree.
        expect(treeOf(planner, failed)).not.toBeNull();
        const index = at % failed.steps.length;
        for (let i = 0; i < index; i++) applyEffects(failed.steps[i].effects, state, undefined, ChangeSource.Own);
        // The world may change too, or not (an operator failure alone changes nothing).
        if (change !== undefined) randomize(state, change);
        const mended = repairHtnPlan(planner, failed, index, state, undefined);
        if (mended === null) return;
        repaired++;
        expect(validatePlan(mended.plan.steps, 0, state, state.clone()).step).toBe(-1);
        const tree = treeOf(planner, failed)!;
        const d = planner.planningDomain;
        const c = compoundsAbove(tree, index)
          .map((i) => tree.compounds[i])
          .find((x) => mended.from === `compound ${d.taskNames[x.task]}`)!;
        expect(c).toBeDefined();
        const mtr = (mended.plan.meta as HtnMeta).mtr;
        expect(mtr.slice(0, c.mtrAt)).toEqual(failed.meta.mtr.slice(0, c.mtrAt));
        expect(mtr.slice(mtr.length - (failed.meta.mtr.length - c.mtrEnd))).toEqual(failed.meta.mtr.slice(c.mtrEnd));
        const kept = failed.steps.slice(c.end);
        expect(mended.plan.steps.slice(mended.plan.steps.length - kept.length)).toEqual(kept);
        // Re-decomposing the root is a full replan: the same plan.
        if (c.parent === -1) expect(names(mended.plan)).toEqual(names(planner.plan(state).plan!));
      }),
      { numRuns: 400 },
    );
    expect(repaired).toBeGreaterThan(50);
  });
});
