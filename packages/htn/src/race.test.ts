import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, parallelShapeError, set, type Plan } from '@dualplan/world-state';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import type { TaskDef } from './domain/HtnDomainDef.js';
import { HtnPlanner } from './HtnPlanner.js';
import { RaceEffectError } from './errors.js';

const schema = defineSchema({ DoorOpen: bool(), Waited: bool(), Seen: bool(), Armed: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'WatchDoor', effects: [set(k.Seen, true)] },
  { name: 'WaitFive', effects: [set(k.Waited, true)] },
  { name: 'Idle' },
  { name: 'Enter', conditions: [eq(k.DoorOpen, true)] },
  { name: 'Report', conditions: [eq(k.Seen, true)] },
  { name: 'Arm', effects: [set(k.Armed, true)] },
]);
const names = (steps: readonly { task: string }[]) => steps.map((s) => s.task);
const domain = (race: TaskDef, extra: TaskDef[] = []) =>
  compileHtnDomain(actions, { root: 'Root', tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Race', 'Idle'] }] }, race, ...extra] });

describe('race tasks', () => {
  it('plan both branches and mark the section as a race', () => {
    const { plan } = new HtnPlanner(domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor'], secondary: ['WaitFive'], race: true })).plan(
      createState(schema),
    );
    expect(names(plan!.steps)).toEqual(['WatchDoor', 'WaitFive', 'Idle']);
    expect(plan!.parallel).toEqual([{ task: 'Race', start: 0, split: 1, end: 2, race: true }]);
    expect(parallelShapeError(plan!)).toBeNull();
    expect(JSON.parse(JSON.stringify(plan)).parallel[0].race).toBe(true);
  });

  it('the builder writes races as data', () => {
    const b = htnDomainBuilder(actions).root('Root').compound('Root').method().task('Race').end().race('Race', ['WatchDoor'], ['WaitFive']);
    expect(b.toData().tasks[1]).toEqual({ kind: 'parallel', name: 'Race', primary: ['WatchDoor'], secondary: ['WaitFive'], race: true });
    expect(new HtnPlanner(b.build()).plan(createState(schema)).plan!.parallel![0].race).toBe(true);
  });

  it('a plain parallel section from the same buffer shows no race flag', () => {
    const planner = new HtnPlanner(domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor'], secondary: ['WaitFive'] }));
    expect(planner.plan(createState(schema)).plan!.parallel).toEqual([{ task: 'Race', start: 0, split: 1, end: 2 }]);
  });

  it('rejects at compile time a branch effect that a condition outside the race reads, naming the key and both tasks', () => {
    let e: unknown = null;
    try {
      domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor'], secondary: ['WaitFive'], race: true }, [
        { kind: 'compound', name: 'Later', methods: [{ subtasks: ['Report'] }] },
      ]);
    } catch (thrown) {
      e = thrown;
    }
    expect(e).toBeInstanceOf(RaceEffectError);
    expect(e).toMatchObject({ code: 'RACE_EFFECT', subject: 'Seen', race: 'Race', writer: 'WatchDoor', reader: 'Report' });
    // Method conditions count too; a read inside the branch does not.
    expect(() =>
      domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor', 'Report'], secondary: ['WaitFive'], race: true }, [
        { kind: 'compound', name: 'Later', methods: [{ conditions: [eq(k.Waited, true)], subtasks: [] }] },
      ]),
    ).toThrow(/"Waited"/);
    expect(() => domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor', 'Report'], secondary: ['WaitFive'], race: true })).not.toThrow();
  });

  it('rejects a race flag that is not a boolean', () => {
    expect(() => domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor'], secondary: ['WaitFive'], race: 'yes' as never })).toThrow(
      /race in parallel task "Race"/,
    );
  });

  it('runs a race whose branch planned no steps as a plain section', () => {
    const d = domain({ kind: 'parallel', name: 'Race', primary: ['WatchDoor'], secondary: ['Maybe'], race: true }, [
      { kind: 'compound', name: 'Maybe', methods: [{ conditions: [eq(k.Armed, true)], subtasks: ['WaitFive'] }, { subtasks: [] }] },
    ]);
    expect(new HtnPlanner(d).plan(createState(schema)).plan!.parallel).toEqual([{ task: 'Race', start: 0, split: 1, end: 1, race: undefined }]);
  });

  it('the plan format rejects a race with an empty branch or a bad flag', () => {
    const plan = (parallel: unknown) => ({ planner: 'x', steps: [{}, {}], cost: 0, meta: null, stats: {}, parallel }) as unknown as Plan;
    expect(parallelShapeError(plan([{ task: 'R', start: 0, split: 1, end: 1, race: true }]))).toMatch(/two non-empty branches/);
    expect(parallelShapeError(plan([{ task: 'R', start: 0, split: 1, end: 2, race: 1 }]))).toMatch(/race must be true or false/);
  });
});
