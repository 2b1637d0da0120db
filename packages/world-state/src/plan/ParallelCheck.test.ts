import { describe, expect, it } from '@jest/globals';
import { compileConditions, eq } from '../conditions/Condition.js';
import { compileEffects, set } from '../conditions/Effect.js';
import { bool } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';
import { ParallelCheck, ParallelConflictError, parallelShapeError } from './ParallelCheck.js';
import type { Plan, PlanStep } from './Plan.js';
import { copyResult, PlanBuffer } from './PlanResult.js';

const schema = defineSchema({ A: bool(), B: bool(), C: bool() });
const k = schema.keys;
const step = (task: string, reads: (typeof k.A)[], writes: (typeof k.A)[]): PlanStep => ({
  task,
  operator: task,
  args: [],
  conditions: compileConditions(
    schema,
    reads.map((key) => eq(key, true)),
  ),
  executing: compileConditions(schema, []),
  effects: compileEffects(
    schema,
    writes.map((key) => set(key, true)),
  ),
  expectedEffects: compileEffects(schema, []),
  cost: 1,
  interrupt: 'immediate',
  sourceId: 0,
});
const section = { task: 'P', start: 0, split: 1, end: 2 };

describe('ParallelCheck', () => {
  it('finds each kind of clash, naming the key and both tasks, and accepts disjoint branches', () => {
    const check = new ParallelCheck(schema);
    const clash = (a: PlanStep, b: PlanStep) => (check.steps([a, b], section) ? check.error('P') : null);
    expect(clash(step('W1', [], [k.A]), step('W2', [], [k.A]))).toMatchObject({
      code: 'PARALLEL_CONFLICT',
      subject: 'A',
      primaryTask: 'W1',
      secondaryTask: 'W2',
      clash: 'both write',
    });
    expect(clash(step('W', [], [k.A]), step('R', [k.A], []))).toMatchObject({ subject: 'A', clash: 'primary writes, secondary reads' });
    expect(clash(step('R', [k.B], []), step('W', [], [k.B]))).toMatchObject({ subject: 'B', primaryTask: 'R', clash: 'secondary writes, primary reads' });
    expect(clash(step('X', [k.A], [k.A]), step('Y', [k.B], [k.C]))).toBeNull();
    // Marks from one check never leak into the next.
    expect(clash(step('X', [], [k.C]), step('Y', [k.A], [k.B]))).toBeNull();
    expect(clash(step('W1', [], [k.A]), step('W2', [], [k.A]))).toBeInstanceOf(ParallelConflictError);
  });
});

describe('parallel sections in plans', () => {
  const plan = (parallel: unknown): Plan => ({
    planner: 'x',
    steps: [step('a', [], []), step('b', [], [])],
    cost: 2,
    meta: null,
    stats: { expanded: 0, generated: 0, backtracks: 0 },
    parallel: parallel as never,
  });

  it('are checked for shape', () => {
    expect(parallelShapeError(plan(undefined))).toBeNull();
    expect(parallelShapeError(plan([section]))).toBeNull();
    expect(parallelShapeError(plan([{ ...section, end: 3 }]))).toMatch(/after the plan's 2 steps/);
    expect(parallelShapeError(plan([{ ...section, split: 3 }]))).toMatch(/start <= split <= end/);
    expect(parallelShapeError(plan([section, section]))).toMatch(/inside the previous section/);
    expect(parallelShapeError(plan([{ task: 'P', start: 0.5, split: 1, end: 2 }]))).toMatch(/integers/);
    expect(parallelShapeError(plan([{ ...section, task: { toString: '' } }]))).toBe('section 0 ({"toString":""}) is not { task, start, split, end }');
  });

  it("belong to the planner that wrote them into a buffer: another planner's plan in the same buffer has none", () => {
    const out = new PlanBuffer();
    out.p.planner = 'htn';
    out.sections.push({ ...section });
    out.ownSections('htn');
    expect(out.p.parallel).toEqual([section]);
    expect(JSON.parse(JSON.stringify(out.p)).parallel).toEqual([section]);
    out.r.status = 'found';
    out.r.plan = out.p;
    const copy = copyResult(out.result);
    out.sections[0].end = 1;
    expect(copy.plan!.parallel).toEqual([section]); // a copy, not the buffer's reused objects
    out.p.planner = 'goap';
    expect(out.p.parallel).toBeUndefined();
  });
});
