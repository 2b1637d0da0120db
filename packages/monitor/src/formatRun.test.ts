import { describe, expect, it } from '@jest/globals';
import { record } from './record.js';
import { formatRun, formatTimelineEvent } from './formatRun.js';
import { formatStatistics } from './formatStatistics.js';
import { whyNot } from './whyNot.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';

describe('printers', () => {
  it('print every timeline event type as one line naming what happened', () => {
    const agents = [htnTroll(8), goapSoldier(8)];
    const recorder = record(agents, { eventsPerAgent: 10_000 });
    run(agents, 150);
    const events = recorder.recording().agents.flatMap((a) => a.timeline);
    const types = new Set(events.map((e) => e.type));
    for (const t of ['planning', 'stepStarted', 'stepSucceeded', 'planFinished', 'stateChanged']) expect(types.has(t as never)).toBe(true);
    for (const e of events) {
      const line = formatTimelineEvent(e);
      expect(line).toContain(e.type);
      expect(line.includes('\n')).toBe(false);
      if ('task' in e) expect(line).toContain(e.task);
      if ('reason' in e) expect(line).toContain(e.reason);
    }
  });

  it('print runs with goals and plans, statistics with the never-selected lists', () => {
    const soldier = goapSoldier(9);
    const recorder = record(soldier);
    run([soldier], 60);
    const rec = recorder.agent('soldier');
    const adopted = rec.runs.find((r) => r.outcome === 'adopted')!;
    const text = formatRun(adopted, { state: true });
    expect(text).toContain(`run ${adopted.id} main goap`);
    expect(text).toContain('(chosen)');
    expect(text).toContain(`1. ${adopted.plan!.steps[0].task}`);
    expect(text).toContain('state: ');
    const stats = formatStatistics(rec.stats);
    expect(stats).toContain(`${rec.stats.planningRuns} planning runs`);
    expect(stats).toContain(`never selected: actions ${rec.stats.neverSelected.actions.join(', ') || '(none)'}`);
    // GOAP rejections by action, with noEffect only when asked.
    const all = rec.actions.flatMap((a) => whyNot(rec, a, true));
    expect(all.some((r) => r.verdict === 'noEffect')).toBe(true);
    expect(rec.actions.flatMap((a) => whyNot(rec, a)).some((r) => r.verdict === 'noEffect')).toBe(false);
  });
});
