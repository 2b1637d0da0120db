import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { bool, createState, defineActions, defineSchema, set, type Decorators } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { HtnPlanner } from './HtnPlanner.js';
import type { HtnSearchModeName } from './planning/HtnSearchModeName.js';

const schema = defineSchema({ Near: bool() });
const k = schema.keys;
const MODES: readonly HtnSearchModeName[] = ['ordered', 'best-first'];

/** Greet (decorated with `once`), Walk and Wait; no conditions, so only `once` can refuse a step. */
function actionsWith(once: Decorators['once']) {
  return defineActions(schema, [
    { name: 'Greet', cost: 1, decorators: { once } },
    { name: 'Walk', cost: 1, effects: [set(k.Near, true)] },
    { name: 'Wait', cost: 1 },
  ]);
}

/** One compound whose methods are the given subtask lists, in order. */
function domainOf(once: Decorators['once'], methods: readonly (readonly string[])[]) {
  return compileHtnDomain(actionsWith(once), {
    root: 'Visit',
    tasks: [{ kind: 'compound', name: 'Visit', methods: methods.map((subtasks, i) => ({ name: `m${i}`, subtasks: [...subtasks] })) }],
  });
}

const tasksOf = (planner: HtnPlanner) => planner.plan(createState(schema)).plan?.steps.map((s) => s.task) ?? null;

describe('a once action is planned at most once per plan', () => {
  for (const mode of MODES) {
    test(`${mode}: a method that needs it twice is refused, the next one is chosen`, () => {
      for (const once of [true, 'agent', 'plan'] as const) {
        const planner = new HtnPlanner(
          domainOf(once, [
            ['Greet', 'Walk', 'Greet'],
            ['Greet', 'Walk', 'Wait', 'Wait'],
          ]),
          { mode },
        );
        expect(tasksOf(planner)).toEqual(['Greet', 'Walk', 'Wait', 'Wait']);
      }
    });

    test(`${mode}: without once the same action may repeat`, () => {
      expect(tasksOf(new HtnPlanner(domainOf(false, [['Greet', 'Walk', 'Greet']]), { mode }))).toEqual(['Greet', 'Walk', 'Greet']);
    });

    test(`${mode}: no method without a repeat: no plan`, () => {
      expect(new HtnPlanner(domainOf(true, [['Greet', 'Greet']]), { mode }).plan(createState(schema)).status).toBe('none');
    });
  }

  test('the ordered search traces the refusal with its reason', () => {
    const planner = new HtnPlanner(domainOf(true, [['Greet', 'Greet'], ['Greet']]), { trace: true });
    expect(tasksOf(planner)).toEqual(['Greet']);
    expect(planner.trace).toContainEqual({ type: 'primitive-failed', task: 'Greet', condition: 'already done (once)', unavailable: true });
  });

  test('the first method with at most one Greet (ordered), the cheapest one (best-first): property', () => {
    const method = fc.array(fc.constantFrom('Greet', 'Walk', 'Wait'), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(method, { minLength: 1, maxLength: 5 }), (methods) => {
        const fits = methods.filter((m) => m.filter((t) => t === 'Greet').length <= 1);
        const ordered = tasksOf(new HtnPlanner(domainOf(true, methods)));
        const best = new HtnPlanner(domainOf(true, methods), { mode: 'best-first' }).plan(createState(schema)).plan;
        if (fits.length === 0) return ordered === null && best === null;
        const cheapest = Math.min(...fits.map((m) => m.length));
        return (
          JSON.stringify(ordered) === JSON.stringify(fits[0]) &&
          best !== null &&
          best.cost === cheapest &&
          best.steps.filter((s) => s.task === 'Greet').length <= 1
        );
      }),
      { numRuns: 200 },
    );
  });
});
