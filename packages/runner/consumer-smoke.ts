// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (and world-state).
import {
  planFound,
  noPlan,
  bool,
  compileEffects,
  createState,
  defineSchema,
  emptyConditions,
  emptyEffects,
  set,
  type AgentPlanner,
  type Plan,
} from '@dualplan/world-state';
import { createAgent, OperatorStatus } from '@dualplan/runner';

const schema = defineSchema({ done: bool() });
const step = {
  task: 'Finish',
  operator: 'finish',
  args: [],
  conditions: emptyConditions(schema),
  executing: emptyConditions(schema),
  effects: compileEffects(schema, [set(schema.keys.done, true)]),
  expectedEffects: emptyEffects(schema),
  cost: 1,
  interrupt: 'immediate' as const,
  sourceId: 0,
};
const plan: Plan = { planner: 'fake', steps: [step], cost: 1, meta: null, stats: { expanded: 1, generated: 1, backtracks: 0 } };
const planner: AgentPlanner = {
  kind: 'fake',
  operators: ['finish'],
  plan: (state) => (state.get(schema.keys.done) ? noPlan('done') : planFound(plan, 'goal')),
  shouldReplace: () => ({ replace: false, reason: 'same' }),
};
const agent = createAgent({ id: 'a', state: createState(schema), ctx: {}, planner, operators: { finish: { update: () => OperatorStatus.Success } } });
for (let i = 0; i < 3; i++) agent.tick(0.1);
if (agent.state.get(schema.keys.done) !== true) throw new Error('runner consumer smoke failed');
