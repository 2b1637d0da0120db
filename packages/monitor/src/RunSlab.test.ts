import { describe, expect, it } from '@jest/globals';
import type { Recorder } from './Recorder.js';
import { record } from './record.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';

/** Each run `few` keeps equals the run of the same id that `all` (never full) keeps. */
function expectSameRuns(few: Recorder, all: Recorder, id: string, kept: number): void {
  const runs = few.agent(id).runs;
  const byId = new Map(all.agent(id).runs.map((r) => [r.id, r]));
  expect(runs.length).toBe(kept);
  for (const r of runs) expect(r).toEqual(byId.get(r.id));
}

describe('RunSlab', () => {
  it('records the same runs when retention reuses the storage of dropped runs (read or not, sent or not)', () => {
    const agents = [htnTroll(5), goapSoldier(6)];
    const all = record(agents, { runsPerAgent: 100_000 });
    const few = record(agents, { runsPerAgent: 3, flushMs: 0 });
    // Never read while recorded, then read at times.
    run(agents, 60);
    for (const a of agents) expectSameRuns(few, all, a.id, 3);
    for (let round = 0; round < 12; round++) {
      run(agents, 7);
      if (round % 3 === 0) few.recording();
    }
    for (const a of agents) expectSameRuns(few, all, a.id, 3);
    // Runs sent to a subscriber while later runs reuse dropped runs' storage.
    const sent = new Map<number, unknown>();
    const stop = few.subscribe((m) => {
      if (m.type === 'update' && m.agent === agents[0].id) for (const r of m.runs) sent.set(r.id, r);
    });
    for (let round = 0; round < 6; round++) {
      run(agents, 7);
      few.flush();
    }
    stop();
    const expected = new Map(all.agent(agents[0].id).runs.map((r) => [r.id, r]));
    expect(sent.size).toBeGreaterThan(3);
    for (const [id, r] of sent) expect(r).toEqual(expected.get(id));
  });
});
