import { describe, expect, it } from '@jest/globals';
import { bool, createState, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { HtnPlanner, htnAgentPlanner, htnDomainBuilder } from '@dualplan/htn';
import { createAgent, OperatorStatus, type RunnerEvent } from '@dualplan/runner';

// A method checked every tick ('tick'): while its subtree runs, the runner aborts the running step
// as soon as the method's condition stops holding in the real world.
describe("HTN method check 'tick' in the runner", () => {
  it.each([
    ['tick', true],
    ['plan', false],
  ] as const)("check '%s': the running step is aborted when the condition fails mid-step: %s", (check, aborts) => {
    const schema = defineSchema({ Alarm: bool(), Done: bool() });
    const k = schema.keys;
    const actions = defineActions(schema, [
      { name: 'Sneak', operator: 'sneak', effects: [set(k.Done, true)] },
      { name: 'Hide', operator: 'hide' },
    ]);
    const domain = htnDomainBuilder(actions)
      .compound('Root')
      .method((kk) => [eq(kk.Alarm, false), eq(kk.Done, false)], { name: 'Sneak', check })
      .task('Sneak')
      .back()
      .method((kk) => [eq(kk.Alarm, true)], 'Hide')
      .task('Hide')
      .end()
      .build();
    const events: string[] = [];
    let sneakTicks = 0;
    const agent = createAgent({
      id: 'thief',
      state: createState(schema),
      ctx: {},
      planner: htnAgentPlanner(new HtnPlanner(domain)),
      operators: {
        sneak: { update: () => (++sneakTicks >= 10 ? OperatorStatus.Success : OperatorStatus.Running) },
        hide: { update: () => OperatorStatus.Running },
      },
      onEvent: (e: RunnerEvent) =>
        events.push(e.type === 'stepAborted' ? `aborted ${e.step.task}: ${e.reason}` : 'step' in e ? `${e.type} ${e.step.task}` : e.type),
    });
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    expect(events).toContain('stepStarted Sneak');
    agent.state.set(k.Alarm, true);
    for (let i = 0; i < 3; i++) agent.tick(0.1);
    if (!aborts) {
      // Checked at plan time only: the running plan keeps its priority and the step runs on.
      expect(events.some((e) => e.startsWith('aborted'))).toBe(false);
      return;
    }
    expect(events).toContain('aborted Sneak: executing condition Alarm == false failed');
    expect(events).toContain('stepStarted Hide');
    expect(agent.state.get(k.Done)).toBe(false);
  });
});
