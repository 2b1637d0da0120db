import { describe, expect, it } from '@jest/globals';
import { loadRecording } from './loadRecording.js';
import { RECORDING_VERSION } from './Recording.js';
import { RecordingMirror } from './RecordingMirror.js';

const empty = { format: 'dualplan-recording', version: RECORDING_VERSION, started: '2026-01-01T00:00:00.000Z', agents: [] };

describe('loadRecording', () => {
  it('reads a recording from text or an object', () => {
    expect(loadRecording(JSON.stringify(empty))).toEqual(empty);
    expect(loadRecording(empty)).toBe(empty);
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
    bad({ ...empty, agents: {} }, 'agents', /must be an array/);
    bad(
      { ...empty, agents: [{ id: 'troll', keys: [], actions: [], compounds: [], methods: [], goals: [], runs: 'x', timeline: [] }] },
      'agents[0].runs',
      /agent "troll": field "runs"/,
    );
    bad(
      {
        ...empty,
        agents: [{ id: 'troll', keys: [], actions: [], compounds: [], methods: [], goals: [], runs: [{ id: 1 }], timeline: [], stats: {}, dropped: {} }],
      },
      'agents[0].runs[0]',
      /run 0 needs/,
    );
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
