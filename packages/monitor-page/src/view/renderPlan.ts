import type { AgentRecording, PlanningRun } from '@dualplan/monitor';
import { stepTimings } from '../stepTimings.js';
import { formatNumber, formatSeconds } from '../formatNumber.js';
import { h } from './dom.js';

/** The plan of `run` with per-step cost, conditions, effects and when each step ran; the step cursor highlighted. */
export function renderPlan(agent: AgentRecording, run: PlanningRun, cursor: number, onStep: (i: number) => void): HTMLElement {
  const plan = run.plan;
  if (!plan) return h('p', { class: 'empty', id: 'plan' }, `No plan: ${run.reason || run.status}`);
  const timings = stepTimings(agent, run.id, plan.steps.length);
  const head = `${plan.target}${plan.priority !== null ? ` (priority ${plan.priority})` : ''} · cost ${formatNumber(plan.cost)}${plan.mtr.length ? ` · MTR [${plan.mtr.join(', ')}]` : ''}${plan.partial ? ' · partial' : ''}`;
  return h(
    'div',
    { id: 'plan' },
    h('p', { class: 'plan-head' }, head),
    h(
      'table',
      {},
      h('thead', {}, h('tr', {}, ...['#', 'step', 'cost', 'conditions', 'effects', 'started', 'ended', 'outcome'].map((c) => h('th', {}, c)))),
      h(
        'tbody',
        {},
        plan.steps.map((st, i) =>
          h(
            'tr',
            { class: `step outcome-${timings[i].outcome}${i === cursor ? ' cursor' : ''}`, 'data-step': i, onclick: () => onStep(i) },
            h('td', {}, i + 1),
            h('td', { class: 'task' }, st.task, st.args.length ? h('span', { class: 'args' }, ` (${st.args.map(String).join(', ')})`) : null),
            h('td', {}, formatNumber(st.cost)),
            h('td', { class: 'cond' }, st.conditions.join(', ')),
            h('td', { class: 'cond' }, [...st.effects, ...st.expectedEffects.map((e) => `${e} (expected)`)].join(', ')),
            h('td', {}, formatSeconds(timings[i].started)),
            h('td', {}, formatSeconds(timings[i].ended)),
            h('td', { title: timings[i].reason }, timings[i].outcome, timings[i].reason ? `: ${timings[i].reason}` : ''),
          ),
        ),
      ),
    ),
  );
}
