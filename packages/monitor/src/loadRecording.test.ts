import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadRecording } from './loadRecording.js';
import { RECORDING_VERSION, type Recording } from './Recording.js';
import { record } from './record.js';
import { htnTroll, run } from './testing/agents.js';
import { RecordingMirror } from './RecordingMirror.js';

/** A real recording of a troll (plain JSON, to be damaged). */
function troll(): Recording {
  const agents = [htnTroll(2)];
  const recorder = record(agents, { flushMs: 0 });
  run(agents, 40);
  recorder.stop();
  return JSON.parse(JSON.stringify(recorder)) as Recording;
}

const empty = { format: 'dualplan-recording', version: RECORDING_VERSION, started: '2026-01-01T00:00:00.000Z', agents: [] };

describe('loadRecording', () => {
  it('reads a recording from text or an object', () => {
    expect(loadRecording(JSON.stringify(empty))).toEqual(empty);
    expect(loadRecording(empty)).toBe(empty);
    const recording = troll();
    expect(loadRecording(JSON.stringify(recording))).toEqual(recording);
  });

  it('names what is wrong with a file that is not a recording', () => {
    const bad = (input: unknown, subject: string, message: RegExp) =>
      expect(() => loadRecording(input)).toThrow(expect.objectContaining({ code: 'BAD_RECORDING', subject, message: expect.stringMatching(message) }));
    bad('{nope', '(json)', /not JSON/);
    bad([], '(root)', /expected an object/);
    bad({ ...empty, format: 'other' }, 'format', /"other"/);
    bad({ ...empty, version: 0 }, 'version', /positive integer/);
    // What JSON.stringify cannot show (it threw) is shown all the same.
    bad({ ...empty, format: 10n }, 'format', /field "format" is 10 \(bigint\)/);
    const unprintable = {
      toJSON() {
        throw new Error('no');
      },
    };
    bad({ ...empty, version: unprintable }, 'version', /field "version" is an object/);
    bad({ ...empty, agents: {} }, 'agents', /^Not a dualplan recording: field agents is \{\}, expected array\.$/);
    bad({ ...empty, agents: [{ id: 'troll' }] }, 'agents[0]', /agents\[0\] has no field "runners"/);
    // Deep inside: the path names the field, the message its value and what was expected.
    const recording = troll();
    (recording.agents[0].runs[1] as { time: unknown }).time = '1.5';
    bad(recording, 'agents[0].runs[1].time', /field agents\[0\]\.runs\[1\]\.time is "1\.5", expected number\./);
    const event = troll();
    (event.agents[0].timeline[0] as { run?: unknown; type: string }).type = 'planning';
    delete (event.agents[0].timeline[0] as { run?: unknown }).run;
    bad(event, 'agents[0].timeline[0]', /has no field "run"/);
    // What the schema cannot say of a search: a node that is its own ancestor would send the printer round forever.
    const loop = troll();
    const search = loop.agents[0].runs.find((r) => r.searches.some((s) => s.nodes.length > 1))!.searches.find((s) => s.nodes.length > 1)!;
    (search.nodes[1] as { parent: number }).parent = 1;
    expect(() => loadRecording(loop)).toThrow(expect.objectContaining({ code: 'BAD_RECORDING', subject: expect.stringMatching(/\.nodes\[1\]\.parent$/) }));
    // A long value is cut in the message.
    bad({ ...empty, started: Array(100).fill(12345) }, 'started', /^Not a dualplan recording: field started is \[12345,[\d,]{40,60}\.\.\., expected string\.$/);
  });

  it('checks with code compiled ahead of time from the recording schema (run node scripts/writeValidators.mjs after editing it)', () => {
    const script = join(__dirname, '..', '..', '..', 'scripts', 'writeValidators.mjs');
    const check = spawnSync(process.execPath, [script, '--check', '--only', 'monitor'], { encoding: 'utf8' });
    expect([check.status, check.stderr]).toEqual([0, '']);
  });

  it('refuses a recording from a newer monitor', () => {
    expect(() => loadRecording({ ...empty, version: RECORDING_VERSION + 1 })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_VERSION', subject: 'version' }),
    );
  });
});

describe('RecordingMirror', () => {
  it('needs a snapshot before updates, and an update for a known agent', () => {
    const mirror = new RecordingMirror();
    const update = {
      type: 'update' as const,
      agent: 'troll',
      runs: [],
      timeline: [],
      stats: {} as never,
      known: { actions: [], compounds: [], methods: [], goals: [] },
    };
    expect(() => mirror.apply(update)).toThrow(expect.objectContaining({ code: 'NO_SNAPSHOT' }));
    mirror.apply({ type: 'snapshot', recording: loadRecording(empty) });
    expect(() => mirror.apply(update)).toThrow(expect.objectContaining({ code: 'UNKNOWN_AGENT', subject: 'troll' }));
    // Parsed JSON can hold an object whose toString is not a function: named, not converted (a TypeError before).
    const hostile = JSON.parse('{"toString": 1}');
    expect(() => mirror.apply({ ...update, agent: hostile })).toThrow(expect.objectContaining({ code: 'UNKNOWN_AGENT', subject: '{"toString":1}' }));
    expect(() => new RecordingMirror().apply({ ...update, type: hostile })).toThrow(
      expect.objectContaining({ code: 'NO_SNAPSHOT', subject: '{"toString":1}' }),
    );
  });
});
