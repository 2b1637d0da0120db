import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { record } from './record.js';
import type { RecordingMessage } from './Recording.js';
import { formatStatistics } from './formatStatistics.js';
import { formatRun } from './formatRun.js';
import { whyNot } from './whyNot.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/**
 * What a recorder records for a fixed, seeded crowd (the agents' clocks are
 * frozen, so plan times are 0): a guard that making recording cheaper (when
 * searches are captured, named, cut and counted) changes nothing recorded.
 * Regenerate the digests only for a deliberate change of the recorded content.
 */
describe('recorded content', () => {
  const crowd = () => [
    htnTroll(3, 'troll3'),
    htnTroll(4, 'troll4', htnAgentPlanner(new HtnPlanner(trollHtnDomain()), { prune: true })),
    goapSoldier(5, 'soldier5'),
    goapSoldier(6, 'soldier6'),
  ];

  it('is unchanged: runs, searches, timeline, statistics, streamed updates', () => {
    const agents = crowd();
    const recorder = record(agents, { runsPerAgent: 40, eventsPerAgent: 200, maxSearchItems: 60, flushMs: 0 });
    const updates: RecordingMessage[] = [];
    recorder.subscribe((m) => updates.push(m));
    for (let i = 0; i < 6; i++) {
      run(agents, 50);
      recorder.flush();
    }
    const { started, ...recording } = recorder.recording();
    expect(typeof started).toBe('string');
    const searches = recording.agents.flatMap((a) => a.runs.flatMap((r) => r.searches));
    // The crowd covers what the guard is for: HTN and GOAP searches, failed ones explained, cut ones.
    expect(searches.some((s) => s.planner === 'htn' && s.whyNoPlan !== '')).toBe(true);
    expect(searches.some((s) => s.planner === 'goap' && s.whyNoPlan !== '')).toBe(true);
    expect(recording.agents.some((a) => a.runs.some((r) => r.truncated))).toBe(true);
    expect(updates.length).toBeGreaterThan(6);
    const texts = recording.agents.map((a) => [formatStatistics(a.stats), ...a.runs.map((r) => formatRun(r))].join('\n'));
    const rejections = recording.agents.map((a) => Object.keys(a.catalog ?? {}).map((name) => whyNot(a, name, true)));
    expect({
      recording: digest(recording),
      updates: digest(updates.map((m) => (m.type === 'snapshot' ? { ...m, recording: { ...m.recording, started: '' } } : m))),
      texts: digest(texts),
      rejections: digest(rejections),
    }).toEqual({ recording: 'f73884d8fa728b39', updates: '9a47360085e4839b', texts: 'ff089d4cc392290b', rejections: 'e8172ca25fba3ad6' });
  });

  it('is the same when the runners have other listeners (step events then come to the recorder as objects, not through its step sink)', () => {
    const recordOf = (listen: boolean) => {
      const agents = crowd();
      if (listen) for (const a of agents) a.addListener(() => {});
      const recorder = record(agents, { runsPerAgent: 40, eventsPerAgent: 200, maxSearchItems: 60, flushMs: 0 });
      run(agents, 150);
      const { started, ...recording } = recorder.recording();
      return { started: typeof started, recording };
    };
    expect(recordOf(true)).toEqual(recordOf(false));
  });
});
