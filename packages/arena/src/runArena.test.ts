import { describe, expect, it } from '@jest/globals';
import { formatSummary } from './formatSummary.js';
import { defaultPlanners } from './planners.js';
import { runArena, type ArenaPlanners, type ArenaRun } from './runArena.js';

const STEP_END = new Set(['stepSucceeded', 'stepFailed', 'stepAborted']);
const TYPES = new Set([
  'planFound',
  'planReplaced',
  'planNotFound',
  'planFinished',
  'planFailed',
  'replanSkipped',
  'stepStarted',
  'stepSucceeded',
  'stepFailed',
  'stepAborted',
  'world',
]);

function checkInvariants(run: ArenaRun): void {
  let lastTick = 0;
  const open = new Map<string, string | null>();
  for (const r of run.records) {
    expect(TYPES.has(String(r.type))).toBe(true);
    const tick = r.tick as number;
    expect(tick).toBeGreaterThanOrEqual(lastTick);
    expect(tick).toBeLessThanOrEqual(run.ticks);
    lastTick = tick;
    const agent = String(r.agent);
    if (r.type === 'stepStarted') {
      expect(open.get(agent) ?? null).toBeNull(); // one step at a time per runner
      open.set(agent, String(r.step));
    } else if (STEP_END.has(String(r.type))) {
      expect(open.get(agent)).toBe(r.step);
      open.set(agent, null);
    } else if (r.type === 'planReplaced' && r.continued !== true) {
      expect(open.get(agent) ?? null).toBeNull(); // a replaced plan's step was aborted first
    }
  }
  for (const s of run.summaries) {
    const running = s.steps - s.succeeded - s.failed - s.aborted;
    expect(running === 0 || running === 1).toBe(true);
    expect(s.planCalls).toBeGreaterThanOrEqual(s.plans);
    expect(s.replans).toBeLessThanOrEqual(s.planCalls);
    expect(s.replaced).toBeLessThanOrEqual(s.plans);
    expect(s.meanMs).toBeGreaterThanOrEqual(0);
    expect(s.p95Ms).toBeGreaterThanOrEqual(0);
    const records = run.records.filter((r) => r.agent === s.agent);
    expect(records.filter((r) => r.type === 'stepStarted')).toHaveLength(s.steps);
    // Every planner call is accounted for by exactly one event.
    const count = (f: (r: Record<string, unknown>) => boolean) => records.filter(f).length;
    const skipped = (prefix: string) => count((r) => r.type === 'replanSkipped' && String(r.reason).startsWith(prefix));
    const notPlanned =
      skipped('deferred to') + skipped('backing off') + count((r) => r.type === 'replanSkipped' && String(r.reason).endsWith('is uninterruptible'));
    expect(count((r) => r.type === 'replanSkipped')).toBe(s.skipped);
    expect(s.plans).toBe(count((r) => r.type === 'planFound' || r.type === 'planReplaced') + s.skipped - notPlanned - skipped('no new plan'));
    expect(s.planCalls).toBe(s.plans + count((r) => r.type === 'planNotFound') + skipped('no new plan'));
  }
}

describe('arena (seed 7, 300 ticks)', () => {
  const run = runArena({ seed: 7, ticks: 300, troll: 'htn', planners: defaultPlanners });

  it('runs the HTN troll, the GOAP soldier and the HTN NPC with a readable timeline', () => {
    expect(run.summaries.map((s) => `${s.agent}:${s.planner}`)).toEqual(['troll:htn', 'soldier:goap', 'npc:htn']);
    expect(run.missing).toEqual([]);
    expect(run.lines.length).toBe(run.records.length - countSuppressed(run));
    expect(run.lines[0]).toMatch(/^\s+1\s+0\.10s troll\/main \[htn\] plan found \(noPlan\): /);
    for (const s of run.summaries) {
      expect(s.plans).toBeGreaterThan(0);
      expect(s.steps).toBeGreaterThan(0);
    }
  });

  it('names the goal on every GOAP plan line, and only there', () => {
    const planLines = run.lines.filter((l) => / plan (found|replaced) /.test(l));
    expect(planLines.some((l) => l.includes('soldier/main [goap]'))).toBe(true);
    for (const l of planLines) expect([l, /\[goal \w+, priority -?\d+(\.\d+)?\]$/.test(l)]).toEqual([l, l.includes('[goap]')]);
  });

  it('keeps the runner invariants in every event', () => {
    checkInvariants(run);
  });

  it('shows the world changing through sensors and the troll reacting', () => {
    const troll = run.records.filter((r) => r.agent === 'troll');
    expect(troll.some((r) => r.trigger === 'worldChanged')).toBe(true);
    expect(troll.some((r) => r.type === 'stepStarted' && String(r.step).startsWith('DoTrunkSlam'))).toBe(true);
    expect(troll.some((r) => r.type === 'stepStarted' && r.step === 'NavigateToEnemy(Enemy)')).toBe(true);
    expect(run.records.some((r) => r.type === 'world' && String(r.text).startsWith('player hit'))).toBe(true);
  });

  it('is deterministic: the same seed gives the same events, another seed others', () => {
    const again = runArena({ seed: 7, ticks: 300, troll: 'htn', planners: defaultPlanners });
    expect(again.records).toEqual(run.records);
    const other = runArena({ seed: 8, ticks: 300, troll: 'htn', planners: defaultPlanners });
    expect(other.records).not.toEqual(run.records);
    checkInvariants(other);
  });

  it('prints a per-planner summary with plans, replans, steps and plan times', () => {
    const text = formatSummary([run]);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^summary\s+troll \[htn\]\s+soldier \[goap\]\s+npc \[htn\]$/);
    for (const label of ['plans found', 'replans', 'steps run', 'mean plan time', 'p95 plan time']) {
      expect(lines.some((l) => l.startsWith(label))).toBe(true);
    }
    const steps = lines
      .find((l) => l.startsWith('steps run'))!
      .trim()
      .split(/\s+/)
      .slice(2)
      .map(Number);
    expect(steps).toEqual(run.summaries.map((s) => s.steps));
  });

  it('runs the troll on the GOAP version of its domain with the same operators (--planner)', () => {
    const goap = runArena({ seed: 7, ticks: 300, troll: 'goap', planners: defaultPlanners });
    expect(goap.summaries.map((s) => `${s.agent}:${s.planner}`)).toEqual(['troll:goap', 'soldier:goap', 'npc:htn']);
    checkInvariants(goap);
    const tasks = new Set(goap.records.filter((r) => r.agent === 'troll' && r.type === 'stepStarted').map((r) => String(r.step).replace(/\(.*$/, '')));
    expect(tasks.has('NavigateToEnemy') && tasks.has('DoTrunkSlam')).toBe(true);
    const table = formatSummary([run, goap]).split('\n');
    expect(table[0]).toMatch(/troll \[htn\] \(htn run\).*troll \[goap\] \(goap run\)/);
  });

  it('runs an agent only when its planner exists, and says which is missing', () => {
    const onlyHtn: ArenaPlanners = { troll: (k) => (k === 'htn' ? defaultPlanners.troll('htn') : null), soldier: () => null };
    const partial = runArena({ seed: 7, ticks: 50, troll: 'goap', planners: onlyHtn });
    expect(partial.summaries).toEqual([]);
    expect(partial.missing).toEqual(['troll: no goap planner available', 'soldier: no GOAP planner available']);
    expect(formatSummary([partial])).toContain('note (goap run): troll: no goap planner available');
  });
});

function countSuppressed(run: ArenaRun): number {
  // Repeated identical "no plan" retries are recorded but printed once.
  let n = 0;
  const last = new Map<string, string>();
  for (const r of run.records) {
    const key = String(r.agent);
    if (r.type === 'planNotFound') {
      if (last.get(key) === r.reason) n++;
      last.set(key, String(r.reason));
    } else if (r.type === 'planFound') last.delete(key);
  }
  return n;
}

describe('the soldier while dead', () => {
  it('starts no step between its bomb and its respawn, on every seed tried', () => {
    let deaths = 0;
    for (const seed of [1, 2, 3, 7, 11]) {
      const run = runArena({ seed, ticks: 400, troll: 'htn', planners: defaultPlanners });
      let dead = false;
      for (const r of run.records) {
        if (r.type === 'world' && String(r.text).startsWith('soldier detonated')) {
          dead = true;
          deaths++;
        } else if (r.type === 'world' && r.text === 'soldier respawned') dead = false;
        else if (dead && r.agent === 'soldier')
          expect([seed, r.tick, r.type]).toEqual([seed, r.tick, expect.stringMatching(/^(stepSucceeded|planFinished|planNotFound)$/)]);
      }
    }
    expect(deaths).toBeGreaterThan(0);
  });
});

describe('the GOAP troll with no one in sight', () => {
  it('patrols from bridge to bridge instead of standing idle', () => {
    for (const seed of [1, 2, 3]) {
      const run = runArena({ seed, ticks: 300, troll: 'goap', planners: defaultPlanners });
      const troll = run.records.filter((r) => r.agent === 'troll');
      const walks = troll.filter((r) => r.type === 'stepStarted' && String(r.step).startsWith('NavigateTo'));
      expect([seed, walks.length >= 3]).toEqual([seed, true]);
      // The first walk starts within a few seconds (it used to wait for the player to come into view).
      expect([seed, (walks[0]?.tick as number) <= 40]).toEqual([seed, true]);
    }
  });
});
