import type { Rejection } from '@dualplan/monitor';
import { h, seconds } from './dom.js';

/** Every rejection of the name asked about (from the monitor's `whyNot`); clicking one shows its run. */
export function renderRejections(name: string, rejections: readonly Rejection[], onRun: (run: number) => void): HTMLElement {
  if (!name) return h('p', { class: 'empty' }, 'Choose an action, method or goal.');
  if (rejections.length === 0) return h('p', { class: 'empty', id: 'why-not-list' }, `${name} was never rejected in the runs kept.`);
  return h(
    'table',
    { id: 'why-not-list' },
    h('thead', {}, h('tr', {}, ...['run', 'time', 'search for', 'what', 'at', 'verdict', 'failing condition'].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      rejections.map((r) =>
        h(
          'tr',
          { 'data-run': r.run, class: 'link-row', title: 'show this run', onclick: () => onRun(r.run) },
          h('td', {}, `#${r.run}`),
          h('td', {}, seconds(r.time)),
          h('td', {}, r.target),
          h('td', {}, r.kind),
          h('td', { class: 'cond' }, r.at),
          h('td', {}, r.verdict),
          h('td', { class: 'cond failing' }, r.detail),
        ),
      ),
    ),
  );
}
