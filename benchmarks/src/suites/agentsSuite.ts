import { htnAgentPlanner, HtnPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { OperatorStatus, createAgent, type Agent, type Operator } from '@dualplan/runner';
import { createState, PlanBuffer, type WorldState } from '@dualplan/world-state';
import { TrollOperator, trollSchema } from '@dualplan/world-state/examples';
import { cooldownCases } from './cooldownCases.js';
import { repeatCases } from './repeatCases.js';
import { repairCases } from './repairCases.js';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';

const AGENTS = 10_000;
const FRAME_HZ = 60;
const REPLAN_HZ = 10;

/** Varied troll states, deterministic: what each agent sees differs. */
export function trollStates(n: number): WorldState<any>[] {
  const schema = trollSchema();
  const out: WorldState<any>[] = [];
  for (let i = 0; i < n; i++) {
    out.push(createState(schema, { WsCanSeeEnemy: i % 3 !== 0, WsHasSeenEnemyRecently: i % 5 === 0, WsTrunkHealth: i % 4, WsPowerUp: i % 4 === 3 ? 3 : 0 }));
  }
  return out;
}

/**
 * Many agents (issue 6) and the runner's per-tick overhead (issue 5).
 * - 10,000 troll agents replanning at 10 Hz at 60 fps: one op = one frame's
 *   share of plans (10,000 × 10 / 60 ≈ 1,667 plans), on one core; target ≤ 2 ms.
 * - Runner overhead: 10,000 agents each running a plan whose operator keeps
 *   running; one op = one tick of all agents, so ns per agent-tick = op / 10,000.
 */
export function agentsSuite({ quick }: SuiteOptions): BenchCase[] {
  const suite = 'agents';
  const perFrame = Math.round((AGENTS * REPLAN_HZ) / FRAME_HZ);
  return [
    {
      suite,
      name: `10,000 trolls replanning at 10 Hz: one 16 ms frame (${perFrame} HTN plans)`,
      impl: 'dualplan',
      target: { maxNs: 2e6, maxGcs: 0, label: '≤ 2 ms per frame' },
      allocOps: quick ? 200 : 2_000,
      prepare() {
        const planner = new HtnPlanner(trollHtnDomain());
        const states = trollStates(AGENTS);
        let next = 0;
        // One reused buffer: the frame keeps no plan, so nothing is allocated per plan.
        const request = { out: new PlanBuffer() };
        const frame = () => {
          let steps = 0;
          for (let i = 0; i < perFrame; i++) {
            const outcome = planner.plan(states[next], undefined, request);
            steps += outcome.plan ? outcome.plan.steps.length : 0;
            next = next + 1 === AGENTS ? 0 : next + 1;
          }
          return steps;
        };
        return {
          run: frame,
          check: () => {
            let found = 0;
            for (const s of states) if (planner.plan(s).status === 'found') found++;
            return { valid: found === AGENTS, optimal: true, detail: `${found}/${AGENTS} agents have a plan; ${perFrame} plans per frame` };
          },
        };
      },
    },
    {
      suite,
      name: 'runner tick overhead: 10,000 agents, one tick (excl. planning)',
      impl: 'dualplan',
      target: { maxGcs: 0 },
      allocOps: quick ? 200 : 2_000,
      prepare() {
        const planner = new HtnPlanner(trollHtnDomain());
        const keepRunning: Operator = { update: () => OperatorStatus.Running };
        const operators = Object.fromEntries(Object.values(TrollOperator).map((op) => [op, keepRunning])) as Record<TrollOperator, Operator>;
        const agents: Agent[] = trollStates(AGENTS).map((state, i) =>
          createAgent({ id: `troll${i}`, state, ctx: {}, planner: htnAgentPlanner(planner), operators }),
        );
        for (const a of agents) a.tick(1 / FRAME_HZ); // first tick plans; later ticks only run the step
        // dt arrives as a value from the game loop, as in a game. A literal
        // `1 / FRAME_HZ` here would be constant-folded by V8 into an unboxed
        // double that must be re-boxed (16 B) for every non-inlined call it is passed to.
        const frame = { dt: 1 / FRAME_HZ };
        const tick = () => {
          const dt = frame.dt;
          for (let i = 0; i < agents.length; i++) agents[i].tick(dt);
        };
        return {
          run: tick,
          check: () => {
            const running = agents.filter((a) => a.runners[0].plan !== null).length;
            return { valid: running === AGENTS, optimal: true, detail: `${running}/${AGENTS} agents running a plan; ns per agent-tick = median / ${AGENTS}` };
          },
        };
      },
    },
    ...cooldownCases(suite),
    ...repeatCases(suite),
    ...repairCases(suite),
  ];
}
