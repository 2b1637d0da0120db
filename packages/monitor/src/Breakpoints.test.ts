import { describe, expect, it } from '@jest/globals';
import type { Agent } from '@dualplan/runner';
import type { UserCodeError, WorldState } from '@dualplan/world-state';
import { Breakpoints, type DebugHost } from './Breakpoints.js';
import type { DebugStatus } from './debugCommands.js';
import { MonitorError } from './MonitorError.js';
import { goapSoldier, htnTroll } from './testing/agents.js';

/** A game loop the breakpoints drive: ticks every agent until paused (or `max` ticks), steps one tick on request. */
function game(agents: Agent[]) {
  let paused = false;
  let ticks = 0;
  const tick = () => {
    ticks++;
    for (const a of agents) a.tick(0.1);
  };
  const host: DebugHost = { pause: () => void (paused = true), resume: () => void (paused = false), step: tick };
  return {
    host,
    ticks: () => ticks,
    paused: () => paused,
    /** Tick until paused or `max` ticks have run. */
    play(max: number) {
      for (let i = 0; i < max && !paused; i++) tick();
    },
  };
}

/** The tasks an HTN troll with `seed` starts in its first `ticks` ticks, in order. */
function startedTasks(seed: number, ticks: number): string[] {
  const troll = htnTroll(seed);
  const tasks: string[] = [];
  troll.addListener((e) => (e.type === 'stepStarted' ? tasks.push(e.step.task) : 0));
  for (let i = 0; i < ticks; i++) troll.tick(0.1);
  return tasks;
}

describe('Breakpoints', () => {
  it('pauses the game after the tick where a named task starts, steps one tick at a time, and resumes', () => {
    const tasks = startedTasks(3, 200);
    const name = tasks[tasks.length - 1];
    const troll = htnTroll(3);
    const g = game([troll]);
    const debug = new Breakpoints([troll], g.host);
    const statuses: DebugStatus[] = [];
    debug.subscribe((s) => statuses.push(s));
    debug.handle({ type: 'setBreakpoints', breakpoints: [{ kind: 'task', name }] });
    g.play(200);
    expect(g.paused()).toBe(true);
    const hit = debug.status().hit!;
    expect(hit).toEqual({ breakpoint: 0, agent: 'troll', tick: troll.tickCount, detail: expect.stringContaining(`${name} started`) });
    expect(g.ticks()).toBe(troll.tickCount);
    const at = g.ticks();
    debug.handle({ type: 'step' });
    expect(g.ticks()).toBe(at + 1);
    expect(debug.status()).toMatchObject({ paused: true, stepped: 1 });
    debug.handle({ type: 'resume' });
    expect(g.paused()).toBe(false);
    expect(debug.status()).toMatchObject({ paused: false, hit: null, stepped: 0 });
    expect(statuses.map((s) => s.paused)).toEqual([false, true, true, false]);
  });

  it('fires a state breakpoint when its condition becomes true, not while it stays true; only for the named agent', () => {
    const troll = htnTroll(5);
    const soldier = goapSoldier(5);
    const g = game([troll, soldier]);
    const debug = new Breakpoints([troll, soldier], g.host);
    debug.handle({ type: 'setBreakpoints', breakpoints: [{ kind: 'state', key: 'WsCanSeeEnemy', op: '==', value: true, agent: 'troll' }] });
    g.play(500);
    expect(g.paused()).toBe(true);
    expect(debug.status().hit).toMatchObject({ agent: 'troll', detail: 'WsCanSeeEnemy == true' });
    const state = troll.state as WorldState<any>;
    const seen = () => state.values[state.schema.cellOf('WsCanSeeEnemy')] !== 0;
    expect(seen()).toBe(true);
    // One tick on: while the condition still holds there is no new hit.
    const hit = debug.status().hit;
    debug.handle({ type: 'step' });
    expect(seen() ? debug.status().hit : hit).toBe(hit);
    expect(debug.status().hit?.agent).toBe('troll');
  });

  it('pauses on a replan and on a fault of any agent', () => {
    const troll = htnTroll(2);
    const g = game([troll]);
    const debug = new Breakpoints([troll], g.host);
    debug.handle({ type: 'setBreakpoints', breakpoints: [{ kind: 'replan' }] });
    g.play(50);
    expect(debug.status().hit).toMatchObject({ breakpoint: 0, detail: expect.stringMatching(/plan(Found|Replaced|NotFound)|replanSkipped/) });
    debug.handle({ type: 'setBreakpoints', breakpoints: [{ kind: 'fault' }] });
    debug.handle({ type: 'resume' });
    g.play(2000);
    expect(g.paused()).toBe(true);
    expect(debug.status().hit?.detail).toMatch(/stepFailed|stepAborted|planFailed|planNotFound/);
  });

  it('refuses bad commands with a typed error naming the problem, changing nothing', () => {
    const troll = htnTroll(1);
    const debug = new Breakpoints([troll], game([troll]).host);
    const refused = (data: unknown) => {
      try {
        debug.handle(data);
      } catch (e) {
        expect(e).toBeInstanceOf(MonitorError);
        expect((e as MonitorError).code).toBe('BAD_COMMAND');
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ type: 'stpe' })).toMatch(/Unknown debug command "stpe".*Did you mean "step"/);
    expect(refused(null)).toMatch(/must be an object/);
    expect(refused({ type: 'setBreakpoints', breakpoints: [{ kind: 'tsak', name: 'x' }] })).toMatch(/unknown kind "tsak".*Did you mean "task"/);
    expect(refused({ type: 'setBreakpoints', breakpoints: [{ kind: 'task', name: 'x'.repeat(201) }] })).toMatch(/at most 200/);
    expect(refused({ type: 'setBreakpoints', breakpoints: Array.from({ length: 65 }, () => ({ kind: 'fault' })) })).toMatch(/at most 64/);
    expect(refused({ type: 'setBreakpoints', breakpoints: [{ kind: 'state', key: 'K', op: '=~', value: 1 }] })).toMatch(/op must be one of/);
    expect(refused({ type: 'setBreakpoints', breakpoints: [{ kind: 'state', key: 'K', op: '==', value: 1.5 }] })).toMatch(/value must be/);
    expect(refused({ type: 'setBreakpoints', breakpoints: [{ kind: 'state', key: 'WsCanSeeEnemi', op: '==', value: true }] })).toMatch(
      /no agent's world state has the key "WsCanSeeEnemi".*Did you mean "WsCanSeeEnemy"/,
    );
    expect(refused({ type: 'setBreakpoints', breakpoints: [{ kind: 'fault', agent: 'trol' }] })).toMatch(/no agent "trol".*Did you mean "troll"/);
    expect(debug.status().breakpoints).toEqual([]);
  });

  it('contains a host that throws and reports it; the status still changes', () => {
    const troll = htnTroll(1);
    const faults: UserCodeError[] = [];
    const debug = new Breakpoints(
      [troll],
      {
        pause: () => {
          throw new Error('no pause here');
        },
        resume: () => {},
        step: () => {},
      },
      { onFault: (e) => faults.push(e) },
    );
    expect(debug.handle({ type: 'pause' }).paused).toBe(true);
    expect(faults.map((f) => f.code)).toEqual(['HOST_THREW']);
    expect(() => new Breakpoints([troll], {} as DebugHost)).toThrow(/host with a pause\(\) function/);
  });
});
