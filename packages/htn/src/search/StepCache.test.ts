import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, type PlanStep } from '@dualplan/world-state';
import { compileHtnDomain } from '../domain/compileHtnDomain.js';
import { HtnPlanner } from '../HtnPlanner.js';
import { htnPlanCodec } from '../diagnostics/htnPlanCodec.js';
import { MAX_DYNAMIC_STEPS, StepCache } from './StepCache.js';

/** A root whose one method calls `Attack` with the context's target: a dynamic call, made when planning. */
function attackDomain() {
  const schema = defineSchema({ Done: bool() });
  const domain = compileHtnDomain(defineActions(schema, [{ name: 'Attack', operator: 'attack' }]), {
    root: 'Fight',
    tasks: [{ kind: 'compound', name: 'Fight', methods: [{ subtasks: (_s, ctx: { target: unknown }) => [{ task: 'Attack', args: [ctx.target] }] }] }],
  });
  return { schema, domain };
}

describe('StepCache: steps of dynamic calls', () => {
  it('gives each plan the very object it was called with, even when two look alike as data', () => {
    const { schema, domain } = attackDomain();
    const planner = new HtnPlanner(domain);
    const state = createState(schema);
    const orc = { hp: 3 };
    const twin = { hp: 3 };
    expect(planner.plan(state, { target: orc }).plan!.steps[0].args[0]).toBe(orc);
    expect(planner.plan(state, { target: twin }).plan!.steps[0].args[0]).toBe(twin);
  });

  it('plans with an argument JSON cannot write (a cycle, a bigint) and tells NaN, null, -0 and "1" from 1 apart', () => {
    const { schema, domain } = attackDomain();
    const planner = new HtnPlanner(domain);
    const state = createState(schema);
    const entity: { self?: unknown } = {};
    entity.self = entity;
    expect(planner.plan(state, { target: entity }).plan!.steps[0].args[0]).toBe(entity);
    for (const target of [NaN, null, undefined, -0, 0, 1, '1', 10n, true]) {
      expect(planner.plan(state, { target }).plan!.steps[0].args[0]).toBe(target);
    }
  });

  it('shares the step of equal primitive arguments, and holds at most MAX_DYNAMIC_STEPS of them', () => {
    let made = 0;
    const step = (args: readonly unknown[]) => ({ task: 'Move', operator: 'move', args }) as unknown as PlanStep;
    const cache = new StepCache({
      callStep: [],
      instantiate: (_task: number, args: readonly unknown[]) => (made++, step(args)),
    } as never);
    const first = cache.get(0, 0, [1, 'a']);
    expect(cache.get(0, 0, [1, 'a'])).toBe(first);
    expect(cache.get(0, 0, ['1', 'a'])).not.toBe(first);
    expect(made).toBe(2);
    // Coordinates that differ every plan: the cache starts again instead of growing.
    for (let i = 0; i < 3 * MAX_DYNAMIC_STEPS; i++) cache.get(0, 0, [i * 0.5]);
    expect(cache.size).toBeLessThanOrEqual(MAX_DYNAMIC_STEPS);
    expect(cache.size).toBeGreaterThan(0);
  });
});

describe('htnPlanCodec: decoded dynamic steps', () => {
  it('decodes a plan whose argument JSON cannot write (a cycle survives structuredClone) with that argument', () => {
    const { schema, domain } = attackDomain();
    const planner = new HtnPlanner(domain);
    const entity: { self?: unknown; hp: number } = { hp: 2 };
    entity.self = entity;
    const codec = htnPlanCodec(domain);
    const again = codec.decode(structuredClone(codec.encode(planner.plan(createState(schema), { target: entity }))));
    const arg = again.plan!.steps[0].args[0] as typeof entity;
    expect(arg.hp).toBe(2);
    expect(arg.self).toBe(arg);
  });
});
