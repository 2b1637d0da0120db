import { describe, expect, it } from '@jest/globals';
import type { PlainOutcome } from '@dualplan/world-state';
import { readWire, WireWriter } from './wire.js';

const stats = { expanded: 7, generated: 9, backtracks: 1 };
const found: PlainOutcome = {
  status: 'found',
  reason: 'goal fire',
  budget: null,
  stats,
  plan: {
    planner: 'htn',
    cost: 3.5,
    meta: { root: 'Be', mtr: [0, 2], partial: false, continuation: null },
    stats,
    steps: [
      { task: 'NavigateTo', sourceId: 4, args: [2, 'bridge'], cost: 1.5 },
      { task: 'Slam', sourceId: 5, args: [], cost: 2 },
    ],
  },
};
const branches: PlainOutcome = { ...found, plan: { ...found.plan!, parallel: [{ task: 'Guard', start: 0, split: 1, end: 2 }] } };
const budget: PlainOutcome = { status: 'budget', reason: 'no plan for fire: expansions budget', budget: 'expansions', stats, plan: null };
const none: PlainOutcome = {
  status: 'none',
  reason: 'no valid, unsatisfied goal',
  budget: null,
  stats: { expanded: 0, generated: 0, backtracks: 0 },
  plan: null,
};

describe('the pool wire format', () => {
  it('carries found (with parallel sections too), budget and none answers and failures through a structured clone unchanged', () => {
    const w = new WireWriter();
    w.answer(found);
    w.failure('planner threw: boom');
    w.answer(budget);
    w.answer(none);
    w.answer(found);
    w.answer(branches);
    const got: [number, PlainOutcome | null, string][] = [];
    readWire(structuredClone(w.finish()), 6, (i, plain, failure) => got.push([i, plain, failure]));
    expect(got).toEqual([
      [0, found, ''],
      [1, null, 'planner threw: boom'],
      [2, budget, ''],
      [3, none, ''],
      [4, found, ''],
      [5, branches, ''],
    ]);
  });

  it('sends each distinct string once: task names, reasons, metadata and argument lists', () => {
    const w = new WireWriter();
    for (let i = 0; i < 50; i++) w.answer(found);
    const batch = w.finish();
    expect(batch.strings).toHaveLength(6); // reason, planner, meta JSON, args JSON, two task names
  });
});
