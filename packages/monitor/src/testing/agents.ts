import { createAgent, OperatorStatus, type Agent, type Operator, type Sensor } from '@dualplan/runner';
import { ChangeSource, createState, KeyKind, mulberry32, type AgentPlanner, type WorldState } from '@dualplan/world-state';
import { trollSchema, TrollOperator } from '@dualplan/world-state/examples';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';

/** An operator that succeeds after `ticks` updates, or fails when `fail()` says so. */
function operator(ticks: number, fail: () => boolean): Operator {
  let left = ticks;
  return {
    start() {
      left = ticks;
    },
    update() {
      if (--left > 0) return OperatorStatus.Running;
      return fail() ? OperatorStatus.Failure : OperatorStatus.Success;
    },
  };
}

/** A sensor that flips random cells of the state (bools and small enums; `onlyTrue` bools only ever to true), so agents keep replanning. */
function noise(seed: number, interval: number, onlyTrue: readonly string[] = []): Sensor {
  const random = mulberry32(seed);
  return {
    name: 'noise',
    interval,
    update(agent) {
      const state: WorldState<any> = agent.state;
      const schema = state.schema;
      const c = Math.floor(random() * schema.size);
      const span = schema.max[c] - schema.min[c] + 1;
      const raw = onlyTrue.includes(schema.nameOf(c))
        ? 1
        : schema.kind[c] === KeyKind.Int
          ? schema.min[c] + Math.floor(random() * Math.min(span, 4))
          : schema.min[c] + Math.floor(random() * span);
      if (raw !== state.values[c]) state.write(c, raw, ChangeSource.External);
    },
  };
}

/** The HTN Trunk Thumper, with random world changes and operators that sometimes fail. */
export function htnTroll(seed = 1, id = 'troll', planner?: AgentPlanner): Agent {
  const random = mulberry32(seed * 7 + 1);
  const operators = Object.fromEntries(Object.values(TrollOperator).map((op) => [op, operator(2, () => random() < 0.1)])) as Record<TrollOperator, Operator>;
  return createAgent({
    id,
    state: createState(trollSchema()),
    ctx: {},
    planner: planner ?? htnAgentPlanner(new HtnPlanner(trollHtnDomain())),
    operators,
    sensors: [noise(seed, 0.3)],
    clock: () => 0,
  });
}

/** The GOAP soldier facing a live enemy, with random world changes and operators that sometimes fail. */
export function goapSoldier(seed = 1, id = 'soldier', planner?: AgentPlanner): Agent {
  const random = mulberry32(seed * 13 + 5);
  const domain = soldierGoapDomain(undefined, { lastResort: true });
  const operators = Object.fromEntries(domain.steps.map((s) => [s.operator, operator(2, () => random() < 0.1)]));
  return createAgent({
    id,
    state: createState(domain.schema, { enemyalive: true } as never),
    ctx: {},
    planner: planner ?? goapAgentPlanner(new GoapPlanner(domain)),
    operators,
    sensors: [noise(seed, 0.25, ['enemyalive'])],
    clock: () => 0,
  });
}

/** Tick every agent `ticks` times by 0.1 s. */
export function run(agents: readonly Agent[], ticks: number): void {
  for (let t = 0; t < ticks; t++) for (const a of agents) a.tick(0.1);
}
