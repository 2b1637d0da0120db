import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from '@dualplan/world-state/examples';
import { describeThrown } from '@dualplan/world-state';
import { formatRun, formatTimelineEvent } from './formatRun.js';
import { formatStatistics } from './formatStatistics.js';
import { loadRecording } from './loadRecording.js';
import { MonitorError } from './MonitorError.js';
import { record } from './record.js';
import type { Recording } from './Recording.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';
import { whyNot } from './whyNot.js';

// Fuzzing recordings: a real recording with one field replaced by junk (hostile values
// included), removed, or the whole input junk, either loads and then prints with every
// printer without throwing, or is rejected with a MonitorError naming the field. Never
// another exception, and each case within a time bound.

/** Per case, on a loaded 2-core machine: loading and printing a small recording takes milliseconds. */
const CASE_MS = 2000;
/** Per test: hundreds of cases take a few seconds alone; room for a loaded 2-core machine. */
jest.setTimeout(60_000);

function realRecording(): Recording {
  const agents = [htnTroll(5), goapSoldier(5)];
  const recorder = record(agents, { flushMs: 0, runsPerAgent: 6, eventsPerAgent: 40, maxSearchItems: 60 });
  run(agents, 30);
  recorder.stop();
  return JSON.parse(JSON.stringify(recorder)) as Recording;
}
const base = realRecording();

/** Every path into the recording (object keys and array indexes), the root's included. */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}
const allPaths = paths(base);

/** A copy of the recording with the value at `path` replaced (or deleted when `value` is the delete marker). */
const DELETE = Symbol('delete');
function damaged(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value === DELETE ? undefined : value;
  const copy = structuredClone(base) as unknown as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === DELETE) delete at[last];
  else at[last] = value;
  return copy;
}

/** Everything the printers can print of a recording. */
function printAll(recording: Recording): void {
  for (const agent of recording.agents) {
    formatStatistics(agent.stats);
    for (const r of agent.runs) formatRun(r, { searches: true, state: true, noEffect: true });
    for (const e of agent.timeline) formatTimelineEvent(e);
    for (const name of [...agent.actions, ...agent.methods, ...agent.goals, 'Nothing']) whyNot(agent, name, true);
  }
}

/** 'printed', 'rejected' (typed, naming a field), or what went wrong. */
function outcome(input: unknown): string {
  let recording: Recording;
  try {
    recording = loadRecording(input);
  } catch (e) {
    return e instanceof MonitorError && typeof e.subject === 'string' && e.subject !== '' ? 'rejected' : `untyped ${describeThrown(e)}`;
  }
  try {
    printAll(recording);
    return 'printed';
  } catch (e) {
    return `loaded, then printing threw ${describeThrown(e)}`;
  }
}

const hostile = fc.constantFrom(...hostileValues());
const junk = fc.oneof(
  hostile,
  fc.anything(),
  fc.constantFrom(NaN, Infinity, -1, 0, 1e300, 0.5, '', 'x', true, null, {}, [], [1], ['x'], [{}], [null], { toString: 1 }, DELETE),
);

describe('loadRecording, fuzzed', () => {
  it('loads and prints the real recording the damage starts from', () => {
    expect(outcome(base)).toBe('printed');
    expect(outcome(JSON.stringify(base))).toBe('printed');
  });

  it('either loads what it can print or rejects it with a MonitorError naming the field', () => {
    fc.assert(
      fc.property(fc.nat(allPaths.length - 1), junk, fc.boolean(), (i, value, asText) => {
        const input = damaged(allPaths[i], value);
        let text: string | undefined;
        try {
          text = asText ? JSON.stringify(input) : undefined;
        } catch {
          text = undefined; // hostile values JSON cannot write: only the object form
        }
        const started = performance.now();
        const result = outcome(text ?? input);
        const ms = performance.now() - started;
        expect([allPaths[i].join('.'), result]).toEqual([allPaths[i].join('.'), expect.stringMatching(/^(printed|rejected)$/)]);
        expect(ms).toBeLessThan(CASE_MS);
      }),
      { numRuns: 400 },
    );
  });

  it('prints a recording that names more actions than a function call takes arguments', () => {
    const big = structuredClone(base) as unknown as { agents: { stats: { actions: Record<string, unknown> } }[] };
    const counts = { considered: 1, rejected: 0, selected: 0, executed: 0, succeeded: 0, failed: 0 };
    for (let i = 0; i < 200_000; i++) big.agents[0].stats.actions[`action${i}`] = counts;
    expect(outcome(big)).toBe('printed');
  }); // a few seconds: copying, checking and printing 200,000 rows

  it('rejects arbitrary values and hostile text with a typed error', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fc.string(), fc.json()), (input) => {
        const result = outcome(input);
        expect(result).toMatch(/^(printed|rejected)$/);
      }),
      { numRuns: 300 },
    );
  });
});
