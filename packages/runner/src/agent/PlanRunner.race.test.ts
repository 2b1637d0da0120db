import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createState, planFound, type AgentPlanner, type Plan, type PlanStep } from '@dualplan/world-state';
import { createAgent } from './Agent.js';
import type { Operator } from '../contract/Operator.js';
import { OperatorStatus } from '../contract/OperatorStatus.js';
import { formatPlan } from '../events/formatEvent.js';
import { collect, makePlan, makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();

/** Each step's operator: runs `ticks` updates (counted from its start's tick), then succeeds or (`fails`) fails; every call is logged. */
interface Timing {
  readonly ticks: number;
  readonly fails?: boolean;
}
function scriptedOperator(timings: Record<string, Timing>, log: string[]): Operator {
  const left = new Map<string, number>();
  return {
    start: (args) => {
      left.set(args[0] as string, timings[args[0] as string].ticks);
      log.push(`start ${String(args[0])}`);
    },
    update: (args) => {
      const name = args[0] as string;
      const n = left.get(name)! - 1;
      left.set(name, n);
      if (n > 0) return OperatorStatus.Running;
      log.push(`${timings[name].fails === true ? 'fail' : 'done'} ${name}`);
      return timings[name].fails === true ? OperatorStatus.Failure : OperatorStatus.Success;
    },
    abort: (args) => {
      log.push(`abort ${String(args[0])}`);
    },
  };
}

/** Once `plan`, then nothing to do (an empty plan, finished at once). */
function oncePlanner(plan: Plan): AgentPlanner {
  let calls = 0;
  return {
    kind: 'list',
    operators: ['op'],
    plan: () => planFound(calls++ === 0 ? plan : makePlan('list', [], {})),
    shouldReplace: () => ({ replace: false, reason: 'kept' }),
  };
}

/** Before, then a race of `primary` against `secondary`, then After. */
function raceAgent(primary: Record<string, Timing>, secondary: Record<string, Timing>) {
  const names = [...Object.keys(primary), ...Object.keys(secondary)];
  const steps: PlanStep[] = ['Before', ...names, 'After'].map((t) => makeStep(schema, t, { operator: 'op' }));
  const plan: Plan = {
    ...makePlan('list', steps, {}),
    parallel: [{ task: 'Race', start: 1, split: 1 + Object.keys(primary).length, end: 1 + names.length, race: true }],
  };
  const log: string[] = [];
  const c = collect();
  const op = scriptedOperator({ Before: { ticks: 1 }, After: { ticks: 1 }, ...primary, ...secondary }, log);
  let time = 0;
  const agent = createAgent({
    id: 'a',
    state: createState(schema),
    ctx: {},
    runners: [
      { name: 'main', planner: oncePlanner(plan), operators: { op } },
      { name: 'branch', branchOf: 'main' },
    ],
    onEvent: c.onEvent,
  });
  const run = (ticks: number) => {
    for (let i = 0; i < ticks; i++) {
      time += 0.1;
      agent.tick(0.1);
    }
  };
  const timeline = () =>
    c.events
      .filter((e) => e.type === 'stepStarted' || e.type === 'stepSucceeded' || e.type === 'stepFailed' || e.type === 'stepAborted')
      .map((e) => `${e.tick} ${e.runner} ${e.type.slice(4).toLowerCase()} ${(e as { step: PlanStep }).step.task}`);
  return { agent, log, c, run, timeline, time: () => time };
}

describe('a race on a primary runner and its branch runner', () => {
  it('the secondary finishes first: the primary step is aborted once and the plan goes on (timeline by hand)', () => {
    const r = raceAgent({ Legs: { ticks: 3 } }, { Arms: { ticks: 1 } });
    r.run(4);
    // Tick 1: Before. Tick 2: Legs and Arms start; Arms is done in its first update, so Legs is aborted. Tick 3: After.
    expect(r.timeline()).toEqual([
      '1 main started Before',
      '1 main succeeded Before',
      '2 main started Legs',
      '2 branch started Arms',
      '2 branch succeeded Arms',
      '2 main aborted Legs',
      '3 main started After',
      '3 main succeeded After',
    ]);
    expect(r.log.filter((l) => l.startsWith('abort'))).toEqual(['abort Legs']);
    expect(r.agent.runner('main').stats.plansFailed).toBe(0);
    expect(r.agent.runner('main').stats.plansFinished).toBeGreaterThanOrEqual(1);
  });

  it('the primary finishes first: the secondary step is aborted once, on the tick the primary won', () => {
    const r = raceAgent({ Legs: { ticks: 2 } }, { Arms: { ticks: 3 } });
    r.run(5);
    expect(r.timeline()).toEqual([
      '1 main started Before',
      '1 main succeeded Before',
      '2 main started Legs',
      '2 branch started Arms',
      '3 main succeeded Legs',
      '3 branch aborted Arms',
      '4 main started After',
      '4 main succeeded After',
    ]);
    expect(r.log.filter((l) => l.startsWith('abort'))).toEqual(['abort Arms']);
    const lost = r.c.events.find((e) => e.type === 'planFailed' && e.runner === 'branch') as { reason: string };
    expect(lost.reason).toBe('lost race Race to the primary branch');
  });

  it('a branch that fails drops out and the other races on: the plan fails only when both failed', () => {
    const out = raceAgent({ Legs: { ticks: 1, fails: true } }, { Arms: { ticks: 3 } });
    out.run(6);
    // Tick 2: Legs fails, the primary waits at the join; Arms succeeds on tick 4; tick 5: After.
    expect(out.timeline()).toEqual([
      '1 main started Before',
      '1 main succeeded Before',
      '2 main started Legs',
      '2 main failed Legs',
      '2 branch started Arms',
      '4 branch succeeded Arms',
      '5 main started After',
      '5 main succeeded After',
    ]);
    expect(out.agent.runner('main').stats.plansFailed).toBe(0);

    const other = raceAgent({ Legs: { ticks: 3 } }, { Arms: { ticks: 1, fails: true } });
    other.run(6);
    expect(other.timeline().slice(4)).toEqual(['2 branch failed Arms', '4 main succeeded Legs', '5 main started After', '5 main succeeded After']);
    expect(other.agent.runner('main').stats.plansFailed).toBe(0);

    const both = raceAgent({ Legs: { ticks: 1, fails: true } }, { Arms: { ticks: 2, fails: true } });
    both.run(4);
    const failed = both.c.events.filter((e) => e.type === 'planFailed' && e.runner === 'main') as { tick: number; reason: string }[];
    expect(failed.map((e) => e.tick)).toEqual([3]);
    expect(failed[0].reason).toMatch(/secondary branch on runner "branch" failed: step Arms failed/);
    expect(both.log.filter((l) => l.startsWith('abort'))).toEqual([]);
  });

  it('formats a race as such', () => {
    const steps = ['WatchDoor', 'WaitFive', 'GiveUp'].map((t) => makeStep(schema, t, { args: [] }));
    expect(formatPlan({ ...makePlan('list', steps, {}), parallel: [{ task: 'R', start: 0, split: 1, end: 2, race: true }] })).toBe(
      '(race WatchDoor ‖ WaitFive) → GiveUp',
    );
  });

  it('game code aborting the plan in a race aborts both branches, the plan fails at once', () => {
    const r = raceAgent({ Legs: { ticks: 5 } }, { Arms: { ticks: 5 } });
    r.run(3);
    r.agent.runner('main').abortPlan('cutscene');
    expect(r.log.filter((l) => l.startsWith('abort')).sort()).toEqual(['abort Arms', 'abort Legs']);
    expect(r.agent.runner('main').stats.plansFailed).toBe(1);
  });

  it('leaves exactly one branch completed and aborts every running step of the other exactly once (property)', () => {
    // One to three steps of 1..4 ticks; failAt -1: none fails, else that step fails.
    const branch = (prefix: string) =>
      fc
        .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 })
        .chain((ticks) =>
          fc
            .integer({ min: -1, max: ticks.length - 1 })
            .map((failAt): Record<string, Timing> => Object.fromEntries(ticks.map((t, i) => [`${prefix}${i}`, { ticks: t, fails: i === failAt }]))),
        );
    fc.assert(
      fc.property(branch('P'), branch('S'), (primary, secondary) => {
        const r = raceAgent(primary, secondary);
        r.run(30);
        const count = (what: string) => r.log.filter((l) => l === what).length;
        const ends = (name: string) => count(`done ${name}`) + count(`fail ${name}`) + count(`abort ${name}`);
        const completed = (b: Record<string, Timing>) => Object.keys(b).every((n) => count(`done ${n}`) === 1);
        // Every started step ends exactly once: done, failed or aborted (abort called at most once, never on an ended step).
        for (const n of [...Object.keys(primary), ...Object.keys(secondary)]) if (ends(n) !== count(`start ${n}`) || count(`start ${n}`) > 1) return false;
        const sum = (b: Record<string, Timing>) => Object.values(b).reduce((t, s) => t + s.ticks, 0);
        const pOk = Object.values(primary).every((s) => !s.fails);
        const sOk = Object.values(secondary).every((s) => !s.fails);
        if (!pOk && !sOk) return !completed(primary) && !completed(secondary) && count('start After') === 0 && r.agent.runner('main').stats.plansFailed === 1;
        // By hand: both branches start on tick 2; a branch of steps of d1..dn ticks is done on tick 1 + d1 + ... + dn. Ties go to the primary (it ticks first).
        const primaryWins = pOk && (!sOk || sum(primary) <= sum(secondary));
        if (completed(primary) === completed(secondary)) return false;
        if (completed(primary) !== primaryWins) return false;
        const loser = primaryWins ? secondary : primary;
        // The loser's step running when the winner finished (if any: it may be between steps, or out) was aborted, once (checked above).
        const aborted = Object.keys(loser).filter((n) => count(`abort ${n}`) === 1).length;
        return count('start After') === 1 && aborted <= 1 && r.agent.runner('main').stats.plansFailed === 0;
      }),
      { numRuns: 200 },
    );
  });
});
