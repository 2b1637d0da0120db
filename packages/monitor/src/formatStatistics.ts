import type { AgentStatistics, UsageCounts } from './Recording.js';

function table(title: string, rows: Record<string, UsageCounts>): string[] {
  const names = Object.keys(rows).sort();
  if (names.length === 0) return [];
  // Not Math.max(...names): a recording may name more actions than a call takes arguments.
  const width = names.reduce((w, n) => Math.max(w, n.length), title.length);
  const cols = ['considered', 'rejected', 'selected', 'executed', 'succeeded', 'failed'] as const;
  const out = [`${title.padEnd(width)}  ${cols.map((c) => c.padStart(10)).join(' ')}`];
  for (const n of names) out.push(`${n.padEnd(width)}  ${cols.map((c) => String(rows[n][c]).padStart(10)).join(' ')}`);
  return out;
}

/**
 * The automated statistics of one agent as text: planning rate and times, a
 * table per actions, compounds, methods and goals, the conditions that
 * discarded most candidates (with how often they held), and the never-selected lists.
 * @example
 * console.log(formatStatistics(recorder.agent('soldier').stats));
 * // never selected: actions detonatebomb, flee; goals (none)
 */
export function formatStatistics(stats: AgentStatistics, topConditions = 10): string {
  const t = stats.planMs;
  const lines = [
    `${stats.planningRuns} planning runs, ${stats.callsPerSecond.toFixed(2)}/s; plan ms p50 ${t.p50.toFixed(3)} p90 ${t.p90.toFixed(3)} p99 ${t.p99.toFixed(3)} max ${t.max.toFixed(3)} mean ${t.mean.toFixed(3)}`,
    ...table('action', stats.actions),
    ...table('compound', stats.compounds),
    ...table('method', stats.methods),
    ...table('goal', stats.goals),
  ];
  const conditions = Object.entries(stats.conditions)
    .filter(([, n]) => n.failed > 0)
    .sort((a, b) => b[1].failed - a[1].failed || a[0].localeCompare(b[0]))
    .slice(0, topConditions);
  if (conditions.length > 0)
    lines.push(
      'conditions that discarded candidates most (failed / held):',
      ...conditions.map(([c, n]) => `  ${String(n.failed).padStart(6)} / ${String(n.held).padEnd(6)}  ${c}`),
    );
  const n = stats.neverSelected;
  const list = (xs: readonly string[]) => (xs.length ? xs.join(', ') : '(none)');
  lines.push(`never selected: actions ${list(n.actions)}; methods ${list(n.methods)}; compounds ${list(n.compounds)}; goals ${list(n.goals)}`);
  return lines.join('\n');
}
