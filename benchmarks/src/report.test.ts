import { describe, expect, it } from '@jest/globals';
import { computeOverheads, computeRatios, markdownReport, targetLabel, targetMet } from './report.js';
import type { CaseResult } from './runCases.js';

const base = { suite: 's', name: 'n', status: 'ok' as const, detail: '' };
const results: CaseResult[] = [
  { ...base, id: 'a', impl: 'dualplan', scenario: 'X', medianNs: 100, target: { maxNs: 150, label: '≤ 150 ns' } },
  { ...base, id: 'b', impl: 'goap', scenario: 'X', medianNs: 20_000, target: { minRatio: 150, label: '≥ 150×' } },
  { ...base, id: 'c', impl: 'mahler', scenario: 'X', medianNs: 5_000, status: 'non-optimal' },
  { ...base, id: 'd', impl: 'htn-ai', scenario: 'X', status: 'timeout' },
];

describe('report', () => {
  it('computes peer/ours ratios per scenario, skipping untimed peers', () => {
    const ratios = computeRatios(results);
    expect(ratios.map((r) => [r.peer, r.ratio])).toEqual([
      ['goap', 200],
      ['mahler', 50],
    ]);
    expect(ratios[0].target).toBe(150);
  });

  it('judges time targets', () => {
    expect(targetMet(results[0])).toBe(true);
    expect(targetMet({ ...results[0], medianNs: 151 })).toBe(false);
    expect(targetMet(results[1])).toBeNull();
  });

  it('judges expansion targets: a case stopped by a budget misses them', () => {
    const solved: CaseResult = { ...base, id: 'e', impl: 'dualplan', medianNs: 1e6, expanded: 500, target: { maxExpanded: 1000 } };
    expect(targetMet(solved)).toBe(true);
    expect(targetMet({ ...solved, expanded: 1001 })).toBe(false);
    expect(targetMet({ ...solved, status: 'budget' })).toBe(false);
  });

  it('judges GC targets: any GC fails a 0-GC target, alone or with a time target', () => {
    const gcOnly: CaseResult = { ...base, id: 'g', impl: 'dualplan', medianNs: 100, gcs: 0, gcOps: 1000, target: { maxGcs: 0 } };
    expect(targetMet(gcOnly)).toBe(true);
    expect(targetMet({ ...gcOnly, gcs: 1 })).toBe(false);
    // Not measured (no allocation pass): nothing to judge.
    expect(targetMet({ ...gcOnly, gcs: undefined })).toBeNull();
    const both: CaseResult = { ...results[0], gcs: 0, gcOps: 1000, target: { maxNs: 150, maxGcs: 0, label: '≤ 150 ns' } };
    expect(targetMet(both)).toBe(true);
    expect(targetMet({ ...both, gcs: 3 })).toBe(false);
    expect(targetMet({ ...both, medianNs: 151 })).toBe(false);
    // A time target alone ignores GCs.
    expect(targetMet({ ...results[0], gcs: 3 })).toBe(true);
  });

  it('shows the GC limit in the target column', () => {
    expect(targetLabel({ maxNs: 150, maxGcs: 0, label: '≤ 150 ns' })).toBe('≤ 150 ns, 0 GCs');
    expect(targetLabel({ maxGcs: 0 })).toBe('0 GCs');
    expect(targetLabel({ maxNs: 150, label: '≤ 150 ns' })).toBe('≤ 150 ns');
    const row = (gcs: number) => markdownReport([{ ...results[0], gcs, gcOps: 1000, target: { maxNs: 150, maxGcs: 0, label: '≤ 150 ns' } }], '# t');
    expect(row(0)).toContain('| 0 / 1000 |');
    expect(row(0)).toContain('| ≤ 150 ns, 0 GCs ✅ |');
    expect(row(2)).toContain('| ≤ 150 ns, 0 GCs ❌ |');
  });

  it('writes a markdown table with statuses and the ratio table', () => {
    const md = markdownReport(results, '# t');
    expect(md).toContain('| n | dualplan | 100.0 ns |');
    expect(md).toContain('**timeout**');
    expect(md).toContain('| X | goap | 100.0 ns | 20.00 µs | 200× | ≥ 150× ✅ |');
    expect(md).toContain('mahler (non-optimal plan)');
  });

  it('reports expansions per second where a case counts expansions', () => {
    const md = markdownReport([{ ...results[0], expanded: 200 }], '# t');
    // 200 expansions in 100 ns: 2e9 per second.
    expect(md).toContain('| 200 | 2000.00 M |');
    expect(markdownReport([results[0]], '# t')).toContain('| – | – |');
  });

  it('reports overheads against a baseline case of the same suite, judged by maxRatio', () => {
    const plain: CaseResult = { ...base, id: 'p', name: 'plain', impl: 'dualplan', medianNs: 100 };
    const recorded: CaseResult = { ...base, id: 'r', name: 'recorded', impl: 'dualplan', medianNs: 250, target: { baseline: 'plain', maxRatio: 2 } };
    const other: CaseResult = { ...plain, id: 'o', suite: 'other', medianNs: 1 };
    expect(computeOverheads([other, plain, recorded])).toEqual([{ name: 'recorded', baseline: 'plain', ours: 250, base: 100, ratio: 2.5, max: 2 }]);
    expect(markdownReport([plain, recorded], '# h')).toContain('| recorded | plain | 250.0 ns | 100.0 ns | 2.50× | ≤ 2× ❌ |');
  });

  it('compares per node expanded when the target says so, and judges a minimum of expansions per second', () => {
    const fwd: CaseResult = { ...base, id: 'f', name: 'fwd', impl: 'dualplan', medianNs: 1e6, expanded: 1000 };
    const bwd: CaseResult = {
      ...base,
      id: 'b',
      name: 'bwd',
      impl: 'dualplan',
      medianNs: 3e6,
      expanded: 2000,
      target: { baseline: 'fwd', maxRatio: 2, perExpanded: true },
    };
    // 1.5 µs per expansion against 1 µs.
    expect(computeOverheads([fwd, bwd])).toEqual([{ name: 'bwd', baseline: 'fwd', ours: 1500, base: 1000, ratio: 1.5, max: 2, perExpanded: true }]);
    expect(markdownReport([fwd, bwd], '# h')).toContain('| bwd | fwd | 1.50 µs / expansion | 1.00 µs / expansion | 1.50× | ≤ 2× ✅ |');
    // Alternating rounds, where they ran, decide the ratio (here 1.8× raw: 0.9× per expansion); the medians' ratio is shown beside it.
    const pairedBwd: CaseResult = { ...bwd, paired: { ratio: 1.8, rounds: 7, baselineExpanded: 1000 } };
    expect(computeOverheads([fwd, pairedBwd])).toEqual([
      { name: 'bwd', baseline: 'fwd', ours: 1500, base: 1000, ratio: 0.9, max: 2, perExpanded: true, medianRatio: 1.5, rounds: 7 },
    ]);
    expect(markdownReport([fwd, pairedBwd], '# h')).toContain('| 0.90× (7 rounds; medians 1.50×) | ≤ 2× ✅ |');
    // 1000 expansions in 1 ms: 1M per second.
    expect(targetMet({ ...fwd, target: { minExpandedPerSecond: 400_000 } })).toBe(true);
    expect(targetMet({ ...fwd, target: { minExpandedPerSecond: 2_000_000 } })).toBe(false);
  });
});
