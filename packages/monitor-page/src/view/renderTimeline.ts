import type { PlanningRun } from '@dualplan/monitor';
import { s } from './dom.js';

const WIDTH = 1000;
const HEIGHT = 28;

/**
 * The planning runs along the agent's ticks: one mark per run, coloured by
 * what the runner did with it (adopted, replaced, kept, none), the shown run
 * outlined. Clicking a mark shows that run.
 * @example
 * timelineEl.replaceChildren(renderTimeline(agent.runs, 3, (i) => goTo(i)));
 */
export function renderTimeline(runs: readonly PlanningRun[], selected: number, onPick: (index: number) => void): SVGSVGElement {
  const first = runs[0]?.tick ?? 0;
  const span = Math.max(1, (runs[runs.length - 1]?.tick ?? 0) - first);
  const x = (tick: number) => 6 + ((tick - first) / span) * (WIDTH - 12);
  const root = s('svg', {
    id: 'timeline',
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    preserveAspectRatio: 'none',
    role: 'img',
    'aria-label': 'planning runs over time',
  });
  root.append(s('line', { x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2, class: 'axis' }));
  runs.forEach((run, i) => {
    const mark = s(
      'rect',
      { x: x(run.tick) - 3, y: 4, width: 6, height: HEIGHT - 8, class: `mark outcome-${run.outcome}${i === selected ? ' selected' : ''}`, 'data-run': run.id },
      s(
        'title',
        {},
        `run #${run.id} · tick ${run.tick} · ${run.trigger} → ${run.outcome}${run.plan ? `: ${run.plan.steps.map((st) => st.task).join(' → ')}` : ''}`,
      ),
    );
    mark.addEventListener('click', () => onPick(i));
    root.append(mark);
  });
  return root;
}
