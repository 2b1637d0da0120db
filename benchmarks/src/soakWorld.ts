import { GoapPlanner, goapAgentPlanner } from '@dualplan/goap';
import { trollGoapDomain } from '@dualplan/goap/examples';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { FaultInjector, OperatorStatus, createAgent, type Agent, type Operator, type RunnerEvent, type Sensor } from '@dualplan/runner';
import { ChangeSource, createState, mulberry32 } from '@dualplan/world-state';
import { TrollOperator, trollSchema } from '@dualplan/world-state/examples';

/** Options of {@link soakWorld}. */
export interface SoakOptions {
  readonly agents: number;
  readonly seed: number;
  /** Probability that an injected operator, sensor or planner call throws. */
  readonly throwRate: number;
  /** Keep every event (for determinism checks); otherwise only counters are kept. */
  readonly keepEvents?: boolean;
}

/** Counters over every agent's events, to check the soak's invariants. */
export interface SoakCounts {
  started: number;
  ended: number;
  succeeded: number;
  faults: number;
  plans: number;
}

/**
 * The soak and fault-injection world: troll agents, half planning with the HTN
 * troll domain and half with the GOAP troll domain, whose operators take a
 * random 1-3 ticks, whose vision sensor flips what the troll sees, and whose
 * operators, sensors and planners fail at random through one seeded
 * {@link FaultInjector}. Deterministic for a seed.
 * @example
 * const world = soakWorld({ agents: 100, seed: 1, throwRate: 0.02 });
 * for (let t = 0; t < 1000; t++) world.tick();
 */
export function soakWorld(options: SoakOptions) {
  // Only counts: a log of every fault would itself grow the heap the soak watches.
  const faults = new FaultInjector({ seed: options.seed, throwRate: options.throwRate, failRate: options.throwRate, keepLog: false });
  const random = mulberry32(options.seed ^ 0x50a4);
  const counts: SoakCounts = { started: 0, ended: 0, succeeded: 0, faults: 0, plans: 0 };
  const events: RunnerEvent[] = [];
  const schema = trollSchema();
  const k = schema.keys;
  const htn = new HtnPlanner(trollHtnDomain());
  const goap = new GoapPlanner(trollGoapDomain());
  const onEvent = (e: RunnerEvent) => {
    if (options.keepEvents) events.push(e);
    switch (e.type) {
      case 'stepStarted':
        counts.started++;
        break;
      case 'stepSucceeded':
        counts.succeeded++;
        counts.ended++;
        break;
      case 'stepFailed':
      case 'stepAborted':
        counts.ended++;
        break;
      case 'fault':
        counts.faults++;
        break;
      case 'planFound':
        counts.plans++;
        break;
    }
  };
  // One operator for every troll operator id: busy for 1-3 ticks, then done. Per agent, so timers do not mix.
  const operators = () => {
    let left = 0;
    const op: Operator = {
      start: () => void (left = 1 + Math.floor(random() * 3)),
      update: () => (--left > 0 ? OperatorStatus.Running : OperatorStatus.Success),
      abort: () => void (left = 0),
    };
    return faults.operators(Object.fromEntries(Object.values(TrollOperator).map((id) => [id, op])) as Record<TrollOperator, Operator>);
  };
  const vision: Sensor = {
    name: 'vision',
    interval: 0.3,
    update: (agent) => {
      const sees = random() < 0.5;
      agent.state.write(k.WsCanSeeEnemy, sees ? 1 : 0, ChangeSource.External);
      if (sees) agent.state.write(k.WsHasSeenEnemyRecently, 1, ChangeSource.External);
    },
  };
  const agents: Agent[] = [];
  for (let i = 0; i < options.agents; i++) {
    const planner = i % 2 === 0 ? htnAgentPlanner(htn) : goapAgentPlanner(goap);
    agents.push(
      createAgent({
        id: `troll${i}`,
        state: createState(schema, { WsTrunkHealth: i % 4 }),
        ctx: {},
        planner: faults.planner(planner),
        operators: operators(),
        sensors: [faults.sensor(vision)],
        sensorFailureLimit: 1_000_000,
        // A small ring of plan times, full after warm-up (the default 1024 per agent would still be filling).
        maxPlanSamples: 8,
        onEvent,
        clock: () => 0,
      }),
    );
  }
  const frame = { dt: 0.1 };
  return {
    agents,
    faults,
    counts,
    events,
    /** One tick of every agent. */
    tick(): void {
      const dt = frame.dt;
      for (let i = 0; i < agents.length; i++) agents[i].tick(dt);
    },
    /** Agents with a step running (each has exactly one started step not yet ended). */
    running(): number {
      let n = 0;
      for (const a of agents) if (a.runner().runningStep !== null) n++;
      return n;
    },
  };
}
