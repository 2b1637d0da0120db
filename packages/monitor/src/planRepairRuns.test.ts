import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { createAgent, OperatorStatus, type Operator } from '@dualplan/runner';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { TrollLocation, TrollOperator, trollActions } from '@dualplan/world-state/examples';
import { record } from './record.js';

describe('recording plan repair', () => {
  it('records a repaired plan as a planning run adopted after the failure, saying what was repaired', () => {
    const actions = trollActions();
    let failures = 1;
    const done: Operator = { update: () => OperatorStatus.Success };
    const navigate: Operator = {
      update: (args) => (args[0] === TrollLocation.Enemy && failures-- > 0 ? OperatorStatus.Failure : OperatorStatus.Success),
    };
    const operators = { ...Object.fromEntries(Object.values(TrollOperator).map((id) => [id, done])), [TrollOperator.NavigateTo]: navigate } as Record<
      TrollOperator,
      Operator
    >;
    const troll = createAgent({
      id: 'troll',
      state: createState(actions.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 }),
      ctx: {},
      planner: htnAgentPlanner(new HtnPlanner(trollHtnDomain({}, actions)), { repair: true }),
      operators,
    });
    const recorder = record(troll);
    for (let i = 0; i < 6; i++) troll.tick(0.1);
    const runs = recorder.agent('troll').runs;
    expect(runs.map((r) => [r.trigger, r.outcome, r.decision])).toEqual([
      ['noPlan', 'adopted', ''],
      ['failed', 'adopted', 'repaired from compound AttackEnemy'],
    ]);
    expect(runs[1].plan!.steps.map((s) => s.task)).toEqual(['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
  });
});
