import type { AgentSummary, ArenaRun } from './runArena.js';

const ROWS: [string, (s: AgentSummary) => string][] = [
  ['plans found', (s) => String(s.plans)],
  ['replans', (s) => String(s.replans)],
  ['plans replaced', (s) => String(s.replaced)],
  ['replans skipped', (s) => String(s.skipped)],
  ['plans failed', (s) => String(s.failedPlans)],
  ['steps run', (s) => String(s.steps)],
  ['  succeeded', (s) => String(s.succeeded)],
  ['  failed', (s) => String(s.failed)],
  ['  aborted', (s) => String(s.aborted)],
  ['planner calls', (s) => String(s.planCalls)],
  ['mean plan time', (s) => `${(s.meanMs * 1000).toFixed(1)} µs`],
  ['p95 plan time', (s) => `${(s.p95Ms * 1000).toFixed(1)} µs`],
];

/**
 * The per-planner summary as a table, one column per agent of each run, side by side.
 * @example
 * console.log(formatSummary([htnRun, goapRun]));
 */
export function formatSummary(runs: readonly ArenaRun[]): string {
  const cols: { head: string; s: AgentSummary }[] = [];
  for (const run of runs)
    for (const s of run.summaries) cols.push({ head: runs.length > 1 ? `${s.agent} [${s.planner}] (${run.troll} run)` : `${s.agent} [${s.planner}]`, s });
  const first = Math.max(...ROWS.map(([label]) => label.length), 7);
  const widths = cols.map((c) => Math.max(c.head.length, ...ROWS.map(([, f]) => f(c.s).length)));
  const row = (label: string, cells: string[]) => `${label.padEnd(first)}  ${cells.map((c, i) => c.padStart(widths[i])).join('  ')}`.trimEnd();
  const out = [
    row(
      'summary',
      cols.map((c) => c.head),
    ),
    row(
      '-'.repeat(first),
      widths.map((w) => '-'.repeat(w)),
    ),
    ...ROWS.map(([label, f]) =>
      row(
        label,
        cols.map((c) => f(c.s)),
      ),
    ),
  ];
  for (const run of runs) for (const m of run.missing) out.push(`note (${run.troll} run): ${m}`);
  return out.join('\n');
}
