import { describe, expect, it } from '@jest/globals';
import { createState, defineActions, defineSchema, enumOf, isIn, set } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { HtnPlanner } from './HtnPlanner.js';

// One enum of 100 rooms: "in" sets over it are multi-word masks the planner evaluates through world-state.
const schema = defineSchema({ room: enumOf(Array.from({ length: 100 }, (_, i) => `r${i}`)) });
const near = Array.from({ length: 41 }, (_, i) => i);
const domain = compileHtnDomain(
  defineActions(schema, [
    { name: 'Walk', conditions: [isIn(schema.keys.room, near)], effects: [set(schema.keys.room, 70)] },
    { name: 'Arrive', conditions: [isIn(schema.keys.room, [70, 98])] },
    { name: 'Stay' },
  ]),
  {
    root: 'Go',
    tasks: [
      {
        kind: 'compound',
        name: 'Go',
        methods: [
          { name: 'there', conditions: [isIn(schema.keys.room, [50, 99])], subtasks: ['Stay'] },
          { name: 'walk', subtasks: ['Walk', 'Arrive'] },
        ],
      },
    ],
  },
);

describe('HTN over an enum of more than 32 values', () => {
  it.each([
    [10, 'found', ['Walk', 'Arrive']],
    [99, 'found', ['Stay']],
    [50, 'found', ['Stay']],
    [45, 'none', []],
  ])('from room %i: %s %j', (room, status, steps) => {
    const outcome = new HtnPlanner(domain).plan(createState(schema, { room }));
    expect(outcome.status).toBe(status);
    expect((outcome.plan?.steps ?? []).map((s) => s.task)).toEqual(steps);
  });
});
