import type { PlanningRun } from '@dualplan/monitor';
import { s } from './dom.js';

const WIDTH = 1000;
const HEIGHT = 28;
/** Width of one mark in SVG units: runs closer than this share one mark, so 10,000 runs draw at most WIDTH / MARK marks. */
const MARK = 6;
/** Which outcome a shared mark shows: the most telling one among its runs. */
const RANK: Record<string, number> = { none: 3, replaced: 2, adopted: 1, kept: 0 };

/**
 * The planning runs along the agent's ticks: one mark per run (runs too close
 * to tell apart share a mark, which counts them), coloured by what the runner
 * did with it (adopted, replaced, kept, none; a shared mark shows the most
 * telling), the shown run outlined. Clicking a mark shows its first run.
 * @example
 * timelineEl.replaceChildren(renderTimeline(agent.runs, 3, (i) => goTo(i)));
 */
export function renderTimeline(runs: readonly PlanningRun[], selected: number, onPick: (index: number) => void): SVGSVGElement {
  const first = runs[0]?.tick ?? 0;
  const span = Math.max(1, (runs[runs.length - 1]?.tick ?? 0) - first);
  const x = (tick: number) => MARK / 2 + ((tick - first) / span) * (WIDTH - MARK);
  const root = s('svg', {
    id: 'timeline',
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    preserveAspectRatio: 'none',
    role: 'img',
    'aria-label': 'planning runs over time',
  });
  root.append(s('line', { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: 'axis' }));
  let i = 0;
  while (i < runs.length) {
    // Runs whose marks would overlap this one's share it.
    const start = i;
    const at = x(runs[i].tick);
    let outcome = runs[i].outcome;
    while (i + 1 < runs.length && x(runs[i + 1].tick) - at < MARK) {
      i++;
      if ((RANK[runs[i].outcome] ?? 0) > (RANK[outcome] ?? 0)) outcome = runs[i].outcome;
    }
    const end = i++;
    const shown = selected >= start && selected <= end;
    const run = runs[start];
    const title =
      start === end
        ? `run #${run.id} · tick ${run.tick} · ${run.trigger} → ${run.outcome}${run.plan ? `: ${run.plan.steps.map((st) => st.task).join(' → ')}` : ''}`
        : `runs #${run.id}–#${runs[end].id} (${end - start + 1}) · ticks ${run.tick}–${runs[end].tick}`;
    const mark = s(
      'rect',
      { x: at - MARK / 2, y: 4, width: MARK, height: HEIGHT - 8, class: `mark outcome-${outcome}${shown ? ' selected' : ''}`, 'data-run': run.id },
      s('title', {}, title),
    );
    mark.addEventListener('click', () => onPick(shown ? selected : start));
    root.append(mark);
  }
  return root;
}
