import { htnAgentPlanner, HtnPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { goapAgentPlanner, GoapPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { record, type Recorder } from '@dualplan/monitor';
import { createAgent, OperatorStatus, type Agent, type Operator, type Sensor } from '@dualplan/runner';
import { ChangeSource, createState, mulberry32, type WorldState } from '@dualplan/world-state';
import { TrollOperator, trollSchema } from '@dualplan/world-state/examples';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';

const AGENTS = 100;
const TICKS_PER_OP = 10;
const DT = 0.1;

/** Steps take two ticks. */
function twoTicks(): Operator {
  const left = new WeakMap<object, number>();
  return {
    start: (_args, agent) => void left.set(agent, 2),
    update: (_args, agent) => {
      const n = (left.get(agent) ?? 1) - 1;
      left.set(agent, n);
      return n > 0 ? OperatorStatus.Running : OperatorStatus.Success;
    },
  };
}

/** Deterministic outside changes: every `interval` s one of `cells` gets a random value, so agents keep replanning. */
function churn(seed: number, cells: readonly string[], interval: number): Sensor {
  const random = mulberry32(seed);
  return {
    name: 'churn',
    interval,
    update(agent) {
      const state: WorldState<any> = agent.state;
      const s = state.schema;
      const c = s.cellOf(cells[Math.floor(random() * cells.length)]);
      state.write(c, s.min[c] + Math.floor(random() * (s.max[c] - s.min[c] + 1)), ChangeSource.External);
    },
  };
}

/** Half HTN trolls, half GOAP soldiers, each with its own planner, all with the same seeds for a given `seed` (the monitor server benchmark uses it too). */
export function squad(seed: number): Agent[] {
  const agents: Agent[] = [];
  const trollOps = Object.fromEntries(Object.values(TrollOperator).map((op) => [op, twoTicks()])) as Record<TrollOperator, Operator>;
  for (let i = 0; i < AGENTS; i++) {
    if (i % 2 === 0) {
      const state = createState(trollSchema(), { WsCanSeeEnemy: i % 4 === 0, WsTrunkHealth: i % 4 });
      const sensors = [churn(seed + i, ['WsCanSeeEnemy', 'WsEnemyRange', 'WsTrunkHealth', 'WsPowerUp', 'WsHasSeenEnemyRecently'], 0.3)];
      agents.push(createAgent({ id: `troll${i}`, state, ctx: {}, planner: htnAgentPlanner(new HtnPlanner(trollHtnDomain())), operators: trollOps, sensors }));
    } else {
      const domain = soldierGoapDomain(undefined, { lastResort: true });
      const ops = Object.fromEntries(domain.steps.map((s) => [s.operator, twoTicks()])) as Record<(typeof domain.actions.operators)[number], Operator>;
      const sensors = [churn(seed + i, ['enemyalive', 'enemyvisible', 'weaponloaded', 'armedwithgun', 'nearenemy'], 0.3)];
      agents.push(
        createAgent({
          id: `soldier${i}`,
          state: createState(domain.schema, { enemyalive: true }),
          ctx: {},
          planner: goapAgentPlanner(new GoapPlanner(domain)),
          operators: ops,
          sensors,
        }),
      );
    }
  }
  return agents;
}

function simulate(agents: readonly Agent[], ticks: number): void {
  for (let t = 0; t < ticks; t++) for (let i = 0; i < agents.length; i++) agents[i].tick(DT);
}

/** What the agents did, as text: every plan adopted, per agent. */
function planLog(seed: number, recorded: boolean, ticks: number): { log: string; recorder: Recorder | null; calls: number } {
  const agents = squad(seed);
  const lines: string[] = [];
  for (const a of agents)
    a.addListener((e) =>
      e.type === 'planFound' || e.type === 'planReplaced' ? lines.push(`${a.id}@${e.tick}:${e.plan.steps.map((s) => s.task).join(',')}`) : 0,
    );
  const recorder = recorded ? record(agents) : null;
  simulate(agents, ticks);
  return { log: lines.join('\n'), recorder, calls: agents.reduce((n, a) => n + a.runners[0].stats.planCalls, 0) };
}

/**
 * The monitor's cost (issue 10), on 100 agents (50 HTN trolls, 50 GOAP
 * soldiers, each replanning on outside changes), with a recorder attached
 * (full searches, default retention, buffers full after the warm-up) or not:
 * - planning time: each agent's planner plans once from its current state; with
 *   a recorder the planners trace and turn each search into a `SearchTrace`
 *   (with `searches: false` they do not trace: runs are recorded without searches).
 * - a whole simulated second (sensors, runners, planning, recording), also with `searches: false`.
 * The recorded cases are reported as overheads of the plain ones (median
 * ratio in the same run). Their checks first verify that recording changes no
 * plan and records every planner call exactly once.
 */
export function monitorSuite({ quick }: SuiteOptions): BenchCase[] {
  const suite = 'monitor';
  const warm = quick ? 100 : 1000;
  const planName = (on: boolean, searches = true) => `${AGENTS} agents plan once each, recorder ${on ? (searches ? 'on' : 'on without searches') : 'off'}`;
  const simName = (on: boolean, searches = true) => `${AGENTS} agents, 1 s of simulation, recorder ${on ? (searches ? 'on' : 'on without searches') : 'off'}`;
  const sameBehaviour = () => {
    const ticks = quick ? 30 : 100;
    const off = planLog(7, false, ticks);
    const with_ = planLog(7, true, ticks);
    if (off.log !== with_.log) return { valid: false, optimal: false, detail: 'recording changed the plans the agents adopted' };
    const runs = with_.recorder!.recording().agents.reduce((n, a) => n + a.stats.planningRuns, 0);
    return {
      valid: runs === with_.calls,
      optimal: true,
      detail: `same plans with and without recording; ${runs} runs recorded for ${with_.calls} planner calls`,
    };
  };
  const setup = (on: boolean, searches = true) => {
    const agents = squad(1);
    if (on) record(agents, { searches });
    simulate(agents, warm);
    return agents;
  };
  const plan =
    (on: boolean, searches = true) =>
    () => {
      const agents = setup(on, searches);
      return {
        run: () => {
          let steps = 0;
          for (const a of agents) steps += a.runners[0].planner.plan(a.state, a.ctx, null).plan?.steps.length ?? 0;
          return steps;
        },
        check: on ? sameBehaviour : () => ({ valid: true, optimal: true, detail: `${AGENTS} planner calls per op` }),
      };
    };
  const sim =
    (on: boolean, searches = true) =>
    () => {
      const agents = setup(on, searches);
      return {
        run: () => simulate(agents, TICKS_PER_OP),
        check: on ? sameBehaviour : () => ({ valid: true, optimal: true, detail: `${TICKS_PER_OP} ticks of ${AGENTS} agents per op` }),
      };
    };
  return [
    dualplanCase({ suite, name: planName(false) }, plan(false)),
    dualplanCase({ suite, name: planName(true, false), target: { baseline: planName(false), maxRatio: 2, label: '≤ 2× recorder off' } }, plan(true, false)),
    dualplanCase({ suite, name: planName(true), target: { baseline: planName(false), maxRatio: 2, label: '≤ 2× recorder off' } }, plan(true)),
    dualplanCase({ suite, name: simName(false) }, sim(false)),
    // Runs and events alone (no searches), so the cost of recording the searches can be told from the rest.
    dualplanCase({ suite, name: simName(true, false), target: { baseline: simName(false) } }, sim(true, false)),
    dualplanCase({ suite, name: simName(true), target: { baseline: simName(false), maxRatio: 1.5, label: '≤ 1.5× recorder off' } }, sim(true)),
  ];
}
