import type { AgentRecording, SearchTrace } from '@dualplan/monitor';
import { actionCatalog } from '../actionCatalog.js';
import { h } from './dom.js';

/**
 * Every candidate of `trace` in the order tried: verdict, failing condition,
 * and what the recording knows of its conditions and cost. GOAP's "no effect
 * on an open condition" rejections (most of a big search) only on request.
 */
export function renderCandidates(agent: AgentRecording, trace: SearchTrace, showNoEffect: boolean): HTMLElement {
  const catalog = actionCatalog(agent);
  const costOf = (node: number, name: string): string => {
    const child = trace.nodes.find((n) => n.parent === node && n.via === name);
    if (trace.planner === 'goap' && child) return String(child.g - trace.nodes[node].g);
    return catalog.get(name)?.costs.join(' / ') ?? '';
  };
  return h(
    'table',
    { id: 'candidates' },
    h('thead', {}, h('tr', {}, ...['at', 'candidate', 'verdict', 'failing condition', 'conditions', 'cost'].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      trace.candidates.filter((c) => showNoEffect || c.verdict !== 'noEffect').map((c) =>
        h(
          'tr',
          { class: `verdict-${c.verdict}`, 'data-candidate': c.name },
          h('td', { class: 'cond' }, trace.nodes[c.node]?.label || '(goal reached)'),
          h('td', {}, c.index >= 0 ? `#${c.index} ${c.name}` : c.name),
          h('td', {}, c.verdict),
          h('td', { class: 'cond failing' }, c.detail),
          h('td', { class: 'cond' }, catalog.get(c.name)?.conditions.join(', ') ?? ''),
          h('td', {}, costOf(c.node, c.name)),
        ),
      ),
    ),
  );
}
