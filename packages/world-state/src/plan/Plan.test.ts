import { expect, test } from '@jest/globals';
import { compileConditions, emptyConditions, eq, ge } from '../conditions/Condition.js';
import { add, compileEffects, emptyEffects, set, sub } from '../conditions/Effect.js';
import { bool, int } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';
import { validatePlan, type PlanStep } from './Plan.js';
import { createState } from '../schema/WorldState.js';

const schema = defineSchema({ CanSee: bool(), AtEnemy: bool(), Trunk: int(0, 3, 1), Ammo: int(0, 2, 0, { edge: 'error' }) });
const k = schema.keys;

function step(task: string, pre: ReturnType<typeof compileConditions>, eff = emptyEffects(schema), expected = emptyEffects(schema)): PlanStep {
  return {
    task,
    operator: task,
    args: [],
    conditions: pre,
    executing: emptyConditions(schema),
    effects: eff,
    expectedEffects: expected,
    cost: 1,
    interrupt: 'boundary',
    sourceId: 0,
  };
}

const navigate = step(
  'NavToLastEnemyLoc',
  emptyConditions(schema),
  compileEffects(schema, [set(k.AtEnemy, true)]),
  compileEffects(schema, [set(k.CanSee, true)]),
);
const roar = step('RegainLOSRoar', compileConditions(schema, [eq(k.CanSee, true)]));
const slam = step('DoTrunkSlam', compileConditions(schema, [ge(k.Trunk, 1), eq(k.AtEnemy, true)]), compileEffects(schema, [sub(k.Trunk, 1)]));

test('a plan is valid when each step holds after the previous effects and expected effects', () => {
  const state = createState(schema);
  const scratch = createState(schema);
  expect(validatePlan([navigate, roar, slam], 0, state, scratch).step).toBe(-1);
  expect(state.get(k.CanSee)).toBe(false); // the real state is untouched
});

test('validation fails early at the first broken step and names the condition', () => {
  const state = createState(schema);
  const check = validatePlan([navigate, slam, slam], 0, state, createState(schema));
  expect(check).toEqual({ step: 2, condition: 0, reason: 'Trunk >= 1' });
});

test('validation can start mid-plan', () => {
  const state = createState(schema);
  expect(validatePlan([navigate, roar], 1, state, createState(schema)).step).toBe(1);
});

test('an effect refused by its edge policy invalidates the step', () => {
  const reload = step('Reload', emptyConditions(schema), compileEffects(schema, [add(k.Ammo, 2)]));
  const check = validatePlan([reload, reload], 0, createState(schema), createState(schema));
  expect(check.step).toBe(1);
  expect(check.reason).toMatch(/Ammo \+= 2/);
});
