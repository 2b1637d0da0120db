import type { PlanningRun } from '@dualplan/monitor';
import { formatMs, formatSeconds } from '../formatNumber.js';
import { h } from './dom.js';

const TRIGGERS: Record<string, string> = {
  noPlan: 'no plan was running',
  finished: 'the previous plan finished',
  failed: 'the previous plan failed',
  worldChanged: 'a sensor changed the world state',
};

/** The header of one planning run: when, why (trigger), what came out and how long it took. */
export function renderRun(run: PlanningRun): HTMLElement {
  return h(
    'dl',
    { class: 'run-facts' },
    h('dt', {}, 'run'),
    h('dd', { id: 'run-id' }, `#${run.id} · ${run.runner} [${run.planner}] · tick ${run.tick} · ${formatSeconds(run.time)}`),
    h('dt', {}, 'trigger'),
    h('dd', { id: 'run-trigger' }, `${run.trigger}: ${TRIGGERS[run.trigger] ?? ''}`),
    h('dt', {}, 'result'),
    h(
      'dd',
      { id: 'run-result', class: `status-${run.status}` },
      `${run.status}${run.reason ? ` (${run.reason})` : ''} → ${run.outcome}${run.decision ? `: ${run.decision}` : ''}`,
    ),
    h('dt', {}, 'plan time'),
    h('dd', {}, formatMs(run.planMs)),
  );
}
