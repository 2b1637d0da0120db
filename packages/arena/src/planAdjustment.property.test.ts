import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner, htnDomainBuilder } from '@dualplan/htn';
import { createAgent, OperatorStatus, type Operator, type RunnerEvent } from '@dualplan/runner';

const schema = defineSchema({ HasGun: bool(), HasKnife: bool(), Armed: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'Wait', operator: 'wait' },
  { name: 'DrawGun', operator: 'draw', conditions: [eq(k.HasGun, true)], effects: [set(k.Armed, true)] },
  { name: 'DrawKnife', operator: 'draw', conditions: [eq(k.HasKnife, true)], effects: [set(k.Armed, true)] },
  { name: 'RaiseFists', operator: 'draw', effects: [set(k.Armed, true)] },
  { name: 'MoveToCover', operator: 'move' },
]);

/** Wait, choose a weapon (gun, knife, fists: the first the agent has), move to cover; the choice adjustable or not. */
function fighter(adjustable: boolean) {
  const choose = htnDomainBuilder(actions, 'fighter')
    .compound('Fight')
    .method()
    .task('Wait')
    .task('ChooseWeapon')
    .task('MoveToCover')
    .end()
    .compound('ChooseWeapon');
  return (adjustable ? choose.adjustable() : choose)
    .method((k) => [eq(k.HasGun, true)], 'Gun')
    .task('DrawGun')
    .back()
    .method((k) => [eq(k.HasKnife, true)], 'Knife')
    .task('DrawKnife')
    .back()
    .method([], 'Fists')
    .task('RaiseFists')
    .end()
    .build();
}

/** Runs the fighter for 30 ticks while the game takes weapons away and hands them out (one change per entry). */
function run(adjustable: boolean, waitTicks: number, changes: readonly { tick: number; gun: boolean; knife: boolean }[]) {
  const state = createState(schema, { HasGun: true, HasKnife: true });
  const events: RunnerEvent[] = [];
  let waited = 0;
  const wait: Operator = { start: () => void (waited = 0), update: () => (++waited < waitTicks ? OperatorStatus.Running : OperatorStatus.Success) };
  const done: Operator = { update: () => OperatorStatus.Success };
  const agent = createAgent({
    id: 'fighter',
    state,
    ctx: {},
    planner: htnAgentPlanner(new HtnPlanner(fighter(adjustable))),
    operators: { wait, draw: done, move: done },
    faults: 'rethrow',
    onEvent: (e) => events.push(e),
  });
  for (let t = 0; t < 30; t++) {
    for (const c of changes) {
      if (c.tick !== t) continue;
      state.set(k.HasGun, c.gun);
      state.set(k.HasKnife, c.knife);
    }
    agent.tick(0.1);
  }
  return events;
}

const changesArb = fc.array(fc.record({ tick: fc.nat(29), gun: fc.boolean(), knife: fc.boolean() }), { maxLength: 6 });

describe('plan adjustment in a running agent (property)', () => {
  it('an adjustable weapon choice is re-decided while the agent waits: the plan never fails, the wait is never aborted, cover is kept', () => {
    let adjusted = 0;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), changesArb, (waitTicks, changes) => {
        const events = run(true, waitTicks, changes);
        expect(events.filter((e) => e.type === 'planFailed' || e.type === 'stepAborted' || e.type === 'fault')).toEqual([]);
        for (const e of events) {
          if (e.type !== 'planAdjusted') continue;
          adjusted++;
          const tasks = e.plan.steps.map((s) => s.task);
          expect(tasks[tasks.length - 1]).toBe('MoveToCover');
          if (e.continued) expect(e.plan.steps[0]).toBe(e.previous.steps[e.index]);
        }
      }),
      { numRuns: 150 },
    );
    expect(adjusted).toBeGreaterThan(20);
  });

  it('without adjustable, taking the chosen weapon away while the agent waits fails the plan and aborts the wait', () => {
    const change = [{ tick: 1, gun: false, knife: true }];
    const fixed = run(false, 4, change);
    expect(fixed.some((e) => e.type === 'stepAborted')).toBe(true);
    expect(fixed.some((e) => e.type === 'planFailed')).toBe(true);
    const adjusted = run(true, 4, change);
    expect(adjusted.some((e) => e.type === 'stepAborted')).toBe(false);
    expect(
      adjusted
        .filter((e) => e.type === 'stepSucceeded')
        .slice(0, 3)
        .map((e) => ('step' in e ? e.step.task : '')),
    ).toEqual(['Wait', 'DrawKnife', 'MoveToCover']);
  });
});
