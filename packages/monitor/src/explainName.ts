import type { AgentRecording, UsageCounts } from './Recording.js';
import { whyNot } from './whyNot.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "Why not?" for a name the kept runs never rejected (so {@link whyNot} lists
 * nothing): in words, why the planners never chose it. A goal: in how many
 * runs it was invalid (and which validity test said so), already satisfied,
 * or outranked (and by which goal). A method: whether its compound was ever
 * reached, and which earlier method applied each time. An action or task:
 * the methods that call it and why they were not chosen, or for GOAP, the
 * "no effect" verdicts (none of its effects helps what the searches needed).
 * '' for a name the agent does not know.
 * @example
 * explainName(recorder.agent('troll'), 'AttackEnemy.Whirlwind');
 * // 'AttackEnemy.Whirlwind was never tried: AttackEnemy was decomposed 12 times and an earlier method applied each time ...'
 */
export function explainName(agent: AgentRecording, name: string): string {
  const s = agent.stats;
  if (agent.goals.includes(name) || s.goals[name]) return explainGoal(agent, name);
  if (agent.methods.includes(name) || s.methods[name]) return explainMethod(agent, name);
  if (agent.actions.includes(name) || agent.compounds.includes(name) || s.actions[name] || s.compounds[name]) return explainTask(agent, name, 0);
  return '';
}

function explainGoal(agent: AgentRecording, name: string): string {
  let weighed = 0;
  let satisfied = 0;
  let notSearched = 0;
  const invalid = new Map<string, number>();
  const outranked = new Map<string, number>();
  for (const run of agent.runs) {
    const g = run.goals.find((x) => x.name === name);
    if (!g) continue;
    weighed++;
    if (!g.valid) invalid.set(g.invalid ?? 'its validity test said no', (invalid.get(g.invalid ?? 'its validity test said no') ?? 0) + 1);
    else if (g.satisfied) satisfied++;
    else if (g.plannable === null && !g.chosen) {
      notSearched++;
      const winner = run.goals.find((x) => x.chosen)?.name ?? '(none)';
      outranked.set(winner, (outranked.get(winner) ?? 0) + 1);
    }
  }
  if (weighed === 0) return `${name} was never weighed: no planning run kept lists it among the goals (the agent's planner may not have it).`;
  const parts: string[] = [];
  for (const [why, n] of invalid) parts.push(`not valid in ${plural(n, 'run')} (${why})`);
  if (satisfied) parts.push(`already satisfied in ${plural(satisfied, 'run')}`);
  if (notSearched)
    parts.push(
      `never searched in ${plural(notSearched, 'run')}: a higher-priority goal was planned first (${[...outranked].map(([g, n]) => `${g} ×${n}`).join(', ')})`,
    );
  return `${name} was weighed in ${plural(weighed, 'run')}: ${parts.join('; ') || 'searched, but never chosen'}.`;
}

const selectedOf = (c: UsageCounts | undefined) => c?.selected ?? 0;

/** `; last time WsTrunkHealth was 3`: the value the failing condition's key had in the run that rejected it ('' when unknown). */
function valueAt(agent: AgentRecording, runId: number, condition: string): string {
  const key = /^([A-Za-z_][\w.]*)\s*(==|!=|<=|>=|<|>| in )/.exec(condition)?.[1];
  const state = agent.runs.find((r) => r.id === runId)?.state;
  if (key === undefined || state === undefined || !(key in state)) return '';
  return `; last time ${key} was ${String(state[key])}`;
}

/** The reasons by how often they occur, the most common first: `WsStamina > 0 ×7, WsIsTired == false ×2`. */
function mostCommon(reasons: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  return sorted
    .slice(0, 3)
    .map(([r, n]) => `${r} ×${n}`)
    .concat(sorted.length > 3 ? [`${sorted.length - 3} more`] : [])
    .join(', ');
}

function explainMethod(agent: AgentRecording, name: string): string {
  const dot = name.indexOf('.');
  const compound = name.slice(0, dot);
  const rejected = whyNot(agent, name);
  if (rejected.length) {
    const last = rejected[rejected.length - 1];
    return `${name} was tried and rejected ${plural(rejected.length, 'time')}: ${mostCommon(rejected.map((r) => r.detail || r.verdict))}${valueAt(agent, last.run, last.detail)}.`;
  }
  const reached = agent.stats.compounds[compound]?.considered ?? 0;
  if (reached === 0) return `${name} was never tried: its task ${compound} was never reached. ${explainTask(agent, compound, 1)}`;
  const methods = agent.methods.filter((m) => m.startsWith(`${compound}.`));
  const earlier = methods.slice(0, Math.max(0, methods.indexOf(name)));
  const chosen = earlier.filter((m) => selectedOf(agent.stats.methods[m]) > 0).map((m) => `${m} ×${selectedOf(agent.stats.methods[m])}`);
  return (
    `${name} was never tried: ${compound} was decomposed ${plural(reached, 'time')} and ` +
    (chosen.length
      ? `an earlier method applied first each time (${chosen.join(', ')}).`
      : 'the search never got to it (an earlier method applied, or the search ended first).')
  );
}

/** Why an action or task was never chosen: GOAP's "no effect" verdicts, or the methods that call it (up to two levels up). */
function explainTask(agent: AgentRecording, name: string, depth: number): string {
  const noEffect = whyNot(agent, name, true).filter((r) => r.verdict === 'noEffect');
  if (noEffect.length) {
    const effects = agent.catalog?.[name]?.effects ?? [];
    return `${name} was considered ${plural(noEffect.length, 'time')} and each time none of its effects (${effects.join(', ') || 'none known'}) helped what the search needed.`;
  }
  const callers = Object.entries(agent.catalog ?? {})
    .filter(([, e]) => e.kind === 'method' && e.subtasks?.includes(name))
    .map(([m]) => m);
  if (callers.length === 0) {
    const counts = agent.stats.actions[name] ?? agent.stats.compounds[name];
    if (counts && counts.considered > 0) return `${name} was considered ${plural(counts.considered, 'time')}, never rejected and never selected.`;
    return agent.runners && Object.values(agent.runners).includes('goap')
      ? `${name} was never considered: no goal it could serve was searched.`
      : `${name} was never considered: no method known to the recording calls it.`;
  }
  const why = callers.map((m) => {
    const counts = agent.stats.methods[m];
    if (selectedOf(counts) > 0) return `${m} (selected ${counts!.selected}×, but the plan failed before ${name})`;
    if (depth >= 2) return `${m} (never selected)`;
    return `${m}: ${explainMethod(agent, m).replace(/\.$/, '')}`;
  });
  return `${name} is called only by ${why.join('; ')}.`;
}
