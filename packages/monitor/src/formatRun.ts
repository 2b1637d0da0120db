import { formatSearchTrace, showValue, type FormatTraceOptions } from '@dualplan/world-state';
import type { NamedState, PlanningRun, TimelineEvent } from './Recording.js';

/** Options of {@link formatRun}. */
export interface FormatRunOptions extends FormatTraceOptions {
  /** Print each search's tree (default false: the plan, goals and why-no-plan only). */
  searches?: boolean;
  /** Print the world state the planner saw (default false). */
  state?: boolean;
}

function cells(state: NamedState): string {
  return Object.entries(state)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

/**
 * One planning run as text: when and why it ran, what it found and what the
 * runner did with it, the goals weighed (GOAP), each step with the cells it is
 * predicted to change, and why there was no plan.
 * @example
 * console.log(formatRun(recorder.agent('troll').runs.at(-1)!));
 * // run 4 main htn at 1.20s (tick 12), trigger worldChanged: found BeTrunkThumper -> adopted (0.05 ms)
 * //   1. NavigateToEnemy(2) cost 1 => WsEnemyRange=Melee
 */
export function formatRun(run: PlanningRun, options: FormatRunOptions = {}): string {
  const lines = [
    `run ${run.id} ${run.runner} ${run.planner} at ${run.time.toFixed(2)}s (tick ${run.tick}), trigger ${run.trigger}: ${run.status}${run.reason ? ` ${run.reason}` : ''} -> ${run.outcome}${run.decision ? ` (${run.decision})` : ''} (${run.planMs.toFixed(2)} ms)`,
  ];
  if (options.state) lines.push(`  state: ${cells(run.state)}`);
  for (const g of run.goals) {
    const why = !g.valid ? 'invalid' : g.satisfied ? 'already satisfied' : g.plannable === null ? 'not searched' : g.plannable ? 'plannable' : 'no plan';
    lines.push(`  goal ${g.name}${g.priority === null ? '' : ` priority ${g.priority}`}: ${why}${g.chosen ? ' (chosen)' : ''}`);
  }
  if (run.plan) {
    const p = run.plan;
    lines.push(`  plan for ${p.target}, cost ${p.cost}${p.mtr.length ? `, MTR [${p.mtr.join(', ')}]` : ''}${p.partial ? ', partial' : ''}:`);
    p.steps.forEach((s, i) => {
      const section = p.parallel?.find((x) => x.start === i || (x.split === i && x.split < x.end));
      const kind = section?.race === true ? 'race' : 'parallel';
      if (section !== undefined)
        lines.push(
          `    ${section.start === i && section.split > i ? `${kind} ${section.task}, primary branch:` : `${kind} ${section.task}, secondary branch (beside the primary):`}`,
        );
      const args = s.args.length ? `(${s.args.map((a) => (typeof a === 'string' ? a : json(a))).join(', ')})` : '';
      const changes = cells(s.predicted);
      lines.push(`    ${i + 1}. ${s.task}${args} cost ${s.cost}${changes ? ` => ${changes}` : ''}`);
      const joined = p.parallel?.find((x) => x.end === i + 1 && x.end < p.steps.length);
      if (joined !== undefined)
        lines.push(joined.race === true ? `    joined ${joined.task}: the first branch done ends the other` : `    joined ${joined.task}: both branches done`);
    });
  }
  for (const s of run.searches) {
    if (options.searches) lines.push(indent(formatSearchTrace(s, options), '  '));
    else if (s.whyNoPlan) lines.push(indent(s.whyNoPlan, '  '));
  }
  if (run.truncated) lines.push('  (a search was cut: raise maxSearchItems to keep it whole)');
  return lines.join('\n');
}

/** An argument as JSON; what JSON cannot show (a bigint, a throwing toJSON) as `showValue` shows it. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? showValue(value);
  } catch {
    return showValue(value);
  }
}

function indent(text: string, pad: string): string {
  return text
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}

/**
 * One timeline event as a line.
 * @example
 * formatTimelineEvent(event); // '  3.40s main stepFailed DoTrunkSlam #1 (run 7): operator Slam failed'
 */
export function formatTimelineEvent(e: TimelineEvent): string {
  const at = `${e.time.toFixed(2).padStart(7)}s ${e.runner}`;
  switch (e.type) {
    case 'planning':
      return `${at} planning run ${e.run}`;
    case 'replanSkipped':
      return `${at} replanSkipped (${e.trigger}): ${e.reason}`;
    case 'stepStarted':
    case 'stepSucceeded':
      return `${at} ${e.type} ${e.task} #${e.index} (run ${e.run})`;
    case 'stepFailed':
    case 'stepAborted':
      return `${at} ${e.type} ${e.task} #${e.index} (run ${e.run}): ${e.reason}`;
    case 'planFinished':
      return `${at} planFinished (run ${e.run})`;
    case 'planFailed':
      return `${at} planFailed (run ${e.run}): ${e.reason}`;
    case 'stateChanged':
      return `${at} stateChanged by ${e.by}: ${cells(e.changes)}`;
  }
}
