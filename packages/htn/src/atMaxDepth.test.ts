import { describe, expect, test } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { HtnPlanner } from './HtnPlanner.js';

// Loop first (a recursion that never ends), then the way out: only backtracking at the depth limit finds it.
const schema = defineSchema({ Done: bool(false) });
const actions = defineActions(schema, [{ name: 'Finish', effects: [set(schema.keys.Done, true)] }, { name: 'Spin' }]);
const domain = compileHtnDomain(actions, {
  root: 'Work',
  tasks: [
    {
      kind: 'compound',
      name: 'Work',
      methods: [
        { name: 'again', subtasks: ['Spin', 'Work'] },
        { name: 'finish', subtasks: ['Finish'] },
      ],
    },
  ],
});
const fails = compileHtnDomain(actions, {
  root: 'Never',
  tasks: [{ kind: 'compound', name: 'Never', methods: [{ conditions: [eq(schema.keys.Done, true)], subtasks: ['Spin'] }] }],
});

describe('atMaxDepth', () => {
  test("'stop' (the default) ends the search at the depth limit", () => {
    const r = new HtnPlanner(domain, { maxDepth: 5 }).plan(createState(schema));
    expect(r.status).toBe('budget');
    expect(r.budget).toBe('depth');
  });

  test("'backtrack' fails the branch and finds the plan within the depth", () => {
    const r = new HtnPlanner(domain, { maxDepth: 5, atMaxDepth: 'backtrack' }).plan(createState(schema));
    expect(r.status).toBe('found');
    expect(r.plan!.steps.map((s) => s.task)).toEqual(['Spin', 'Spin', 'Spin', 'Spin', 'Finish']);
  });

  test("'backtrack' reports budget when a branch was cut, none when the space was exhausted", () => {
    const cut = compileHtnDomain(actions, {
      root: 'Loop',
      tasks: [{ kind: 'compound', name: 'Loop', methods: [{ subtasks: ['Spin', 'Loop'] }] }],
    });
    const r = new HtnPlanner(cut, { maxDepth: 4, atMaxDepth: 'backtrack' }).plan(createState(schema));
    expect([r.status, r.budget]).toEqual(['budget', 'depth']);
    expect(new HtnPlanner(fails, { atMaxDepth: 'backtrack' }).plan(createState(schema)).status).toBe('none');
  });

  test('a bad value is a BAD_OPTION', () => {
    expect(() => new HtnPlanner(domain, { atMaxDepth: 'later' as never })).toThrow(/atMaxDepth/);
  });
});
