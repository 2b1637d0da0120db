import type { Rejection } from '@dualplan/monitor';
import { formatSeconds } from '../formatNumber.js';
import { h } from './dom.js';
import { virtualTable } from './virtualTable.js';

/**
 * Every rejection of the name asked about (from the monitor's `whyNot`); clicking one shows its run. `explanation`
 * (the monitor's `explainName`, for a name never selected) says why the planners never chose it, and stands alone
 * when nothing was rejected.
 */
export function renderRejections(name: string, rejections: readonly Rejection[], onRun: (run: number) => void, explanation = ''): HTMLElement {
  if (!name) return h('p', { class: 'empty' }, 'Choose an action, method or goal.');
  if (rejections.length === 0) return h('p', { id: 'why-not-list' }, explanation || `${name} was never rejected in the runs kept.`);
  const table = virtualTable({
    id: 'why-not-list',
    head: ['run', 'time', 'search for', 'what', 'at', 'verdict', 'failing condition'],
    items: rejections,
    row: (r) =>
      h(
        'tr',
        { 'data-run': r.run, class: 'link-row', title: `show run #${r.run}`, onclick: () => onRun(r.run) },
        h('td', {}, `#${r.run}`),
        h('td', {}, formatSeconds(r.time)),
        h('td', {}, r.target),
        h('td', {}, r.kind),
        h('td', { class: 'cond', title: r.at }, r.at),
        h('td', {}, r.verdict),
        h('td', { class: 'cond failing', title: r.detail }, r.detail),
      ),
  });
  return explanation ? h('div', {}, h('p', { id: 'why-not-explain' }, explanation), table) : table;
}
