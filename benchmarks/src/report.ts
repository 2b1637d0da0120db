import { fmtBytes, formatNs, perSecond } from './format.js';
import type { Target } from './BenchCase.js';
import type { CaseResult } from './runCases.js';

/** One our-vs-peer comparison: the peer's median divided by ours (>1: we are faster). */
export interface Ratio {
  readonly scenario: string;
  readonly peer: string;
  readonly ours: number;
  readonly theirs: number;
  readonly ratio: number;
  readonly peerStatus: string;
  readonly target?: number;
}

/** Ratios per scenario, from cases sharing `scenario`, ours against each peer. */
export function computeRatios(results: readonly CaseResult[]): Ratio[] {
  const out: Ratio[] = [];
  const scenarios = [...new Set(results.filter((r) => r.scenario).map((r) => r.scenario!))];
  for (const scenario of scenarios) {
    const group = results.filter((r) => r.scenario === scenario);
    const ours = group.find((r) => r.impl === 'dualplan' && r.medianNs !== undefined);
    for (const peer of group) {
      if (peer.impl === 'dualplan' || peer.medianNs === undefined || !ours) continue;
      out.push({
        scenario,
        peer: peer.impl,
        ours: ours.medianNs!,
        theirs: peer.medianNs,
        ratio: peer.medianNs / ours.medianNs!,
        peerStatus: peer.status,
        target: peer.target?.minRatio,
      });
    }
  }
  return out;
}

/** One overhead: a case's median divided by its baseline's (same suite, same run). */
export interface Overhead {
  readonly name: string;
  readonly baseline: string;
  readonly ours: number;
  readonly base: number;
  readonly ratio: number;
  readonly max?: number;
  /** `ours` and `base` are per node expanded. */
  readonly perExpanded?: boolean;
  /** When `ratio` comes from alternating rounds: the ratio of the two separately timed medians, and the rounds. */
  readonly medianRatio?: number;
  readonly rounds?: number;
}

/** Overheads of the cases that name a `target.baseline`. */
export function computeOverheads(results: readonly CaseResult[]): Overhead[] {
  const out: Overhead[] = [];
  for (const r of results) {
    const name = r.target?.baseline;
    if (name === undefined || r.medianNs === undefined) continue;
    const base = results.find((b) => b.suite === r.suite && b.name === name && b.medianNs !== undefined);
    if (!base) continue;
    // Per expansion: both medians divided by the nodes each search expanded.
    const per = r.target?.perExpanded === true;
    if (per && (!r.expanded || !base.expanded)) continue;
    const ours = per ? r.medianNs / r.expanded! : r.medianNs;
    const theirs = per ? base.medianNs! / base.expanded! : base.medianNs!;
    // Judged by the alternating rounds where they ran (robust to the machine's drift), else by the two medians.
    const paired = r.paired === undefined ? undefined : per ? (r.paired.ratio * base.expanded!) / r.expanded! : r.paired.ratio;
    out.push({
      name: r.name,
      baseline: name,
      ours,
      base: theirs,
      ratio: paired ?? ours / theirs,
      max: r.target?.maxRatio,
      perExpanded: per || undefined,
      ...(paired === undefined ? {} : { medianRatio: ours / theirs, rounds: r.paired!.rounds }),
    });
  }
  return out;
}

/**
 * Whether a case met its own target: its time and GC limits, each judged when
 * it was measured (null when the case has no target or nothing to judge it by).
 */
export function targetMet(r: CaseResult): boolean | null {
  const t = r.target;
  if (!t) return null;
  const time = t.maxNs === undefined || r.medianNs === undefined ? null : r.medianNs / (t.per ?? 1) <= t.maxNs;
  const gcs = t.maxGcs === undefined || r.gcs === undefined ? null : r.gcs <= t.maxGcs;
  const expanded = t.maxExpanded === undefined || r.expanded === undefined ? null : r.status !== 'budget' && r.expanded <= t.maxExpanded;
  const rate = t.minExpandedPerSecond === undefined || !r.expanded || !r.medianNs ? null : (r.expanded * 1e9) / r.medianNs >= t.minExpandedPerSecond;
  if (time === null && gcs === null && expanded === null && rate === null) return null;
  return time !== false && gcs !== false && expanded !== false && rate !== false;
}

/** A target as the report shows it: its label, then the GC limit. */
export function targetLabel(t: Target): string {
  const gcs = t.maxGcs === undefined ? '' : `${t.maxGcs} GCs`;
  return t.label && gcs ? `${t.label}, ${gcs}` : t.label || gcs;
}

const cell = (s: string | number | undefined) => (s === undefined ? '–' : String(s).replace(/\|/g, '\\|'));

/** The results as markdown: one table per suite, then the ratio table. */
export function markdownReport(results: readonly CaseResult[], header: string): string {
  const lines: string[] = [header, ''];
  for (const suite of [...new Set(results.map((r) => r.suite))]) {
    lines.push(
      `### ${suite}`,
      '',
      '| case | impl | median | p95 | ops/s | bytes/op | GCs / ops | expanded | expanded/s | plan | cost | status | target |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
    );
    for (const r of results.filter((x) => x.suite === suite)) {
      const met = targetMet(r);
      const target = r.target ? `${targetLabel(r.target)}${met === null ? '' : met ? ' ✅' : ' ❌'}` : '';
      const ops = perSecond(r.opsPerSec);
      // Search speed independent of plan size: nodes expanded per second of planning.
      const expandedRate = typeof r.expanded === 'number' && r.medianNs ? perSecond((r.expanded * 1e9) / r.medianNs) : '–';
      const status = r.status === 'ok' ? 'ok' : `**${r.status}**: ${r.detail}`;
      lines.push(
        `| ${cell(r.name)} | ${r.impl} | ${formatNs(r.medianNs)} | ${formatNs(r.p95Ns)} | ${ops} | ${fmtBytes(r.bytesPerOp)} | ${r.gcs === undefined ? '–' : `${r.gcs} / ${r.gcOps}`} | ${cell(r.expanded)} | ${expandedRate} | ${cell(r.planLength)} | ${cell(r.cost)} | ${cell(status)} | ${target} |`,
      );
    }
    lines.push('');
  }
  const ratios = computeRatios(results);
  if (ratios.length > 0) {
    lines.push(
      '### Ratios (peer median / dualplan median; higher = dualplan faster)',
      '',
      '| scenario | peer | dualplan | peer | ratio | target |',
      '|---|---|---:|---:|---:|---|',
    );
    for (const q of ratios) {
      const target = q.target ? `≥ ${q.target}× ${q.ratio >= q.target ? '✅' : '❌'}` : '';
      lines.push(
        `| ${cell(q.scenario)} | ${q.peer}${q.peerStatus === 'non-optimal' ? ' (non-optimal plan)' : ''} | ${formatNs(q.ours)} | ${formatNs(q.theirs)} | ${q.ratio.toFixed(q.ratio < 10 ? 2 : 0)}× | ${target} |`,
      );
    }
    lines.push('');
  }
  const overheads = computeOverheads(results);
  if (overheads.length > 0) {
    lines.push(
      '### Overheads (case time / baseline time, same run; lower = cheaper)',
      '',
      'The ratio is the median of alternating rounds (baseline, case, case, baseline, ...) where they ran; the medians',
      'beside it were timed one case after the other, so on a drifting machine their ratio (in brackets) is less reliable.',
      '',
      '| case | baseline | case | baseline | ratio | target |',
      '|---|---|---:|---:|---:|---|',
    );
    for (const o of overheads) {
      const target = o.max === undefined ? '' : `≤ ${o.max}× ${o.ratio <= o.max ? '✅' : '❌'}`;
      const per = o.perExpanded ? ' / expansion' : '';
      const how = o.rounds === undefined ? '' : ` (${o.rounds} rounds; medians ${o.medianRatio!.toFixed(2)}×)`;
      lines.push(
        `| ${cell(o.name)} | ${cell(o.baseline)} | ${formatNs(o.ours)}${per} | ${formatNs(o.base)}${per} | ${o.ratio.toFixed(2)}×${how} | ${target} |`,
      );
    }
    lines.push('');
  }
  const problems = results.filter((r) => r.status === 'wrong' || r.status === 'error');
  if (problems.length > 0) {
    lines.push('### Failures', '');
    for (const r of problems) lines.push(`- ${r.id}: **${r.status}**: ${r.detail}`);
    lines.push('');
  }
  return lines.join('\n');
}
