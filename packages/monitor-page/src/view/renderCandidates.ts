import type { AgentRecording, SearchTrace, TraceCandidate } from '@dualplan/monitor';
import { actionCatalog } from '../actionCatalog.js';
import { h } from './dom.js';

/**
 * Every candidate of `trace` in the order tried: verdict, failing condition,
 * and its conditions and cost from the planners' catalog (HTN methods have no
 * cost: `–`; a GOAP action's cost is the one paid on the edge it produced, or
 * its base cost, or `by function` when a cost function decides it). GOAP's
 * "no effect on an open condition" rejections (most of a big search) only on request.
 */
export function renderCandidates(agent: AgentRecording, trace: SearchTrace, showNoEffect: boolean): HTMLElement {
  const catalog = actionCatalog(agent);
  // HTN candidates are methods of the compound at their node: catalogued as `Compound.method`.
  const keyOf = (c: TraceCandidate): string => (trace.planner === 'htn' && c.index >= 0 ? `${trace.nodes[c.node]?.label ?? ''}.${c.name}` : c.name);
  const costOf = (c: TraceCandidate): string => {
    const child = trace.nodes.find((n) => n.parent === c.node && n.via === c.name);
    if (trace.planner === 'goap' && child) return String(child.g - trace.nodes[c.node].g);
    const key = keyOf(c);
    const costs = catalog.get(key)?.costs ?? [];
    if (costs.length > 0) return costs.join(' / ');
    const entry = agent.catalog?.[key];
    return entry === undefined ? '' : entry.kind === 'action' ? 'by function' : '–';
  };
  return h(
    'table',
    { id: 'candidates' },
    h('thead', {}, h('tr', {}, ...['at', 'candidate', 'verdict', 'failing condition', 'conditions', 'cost'].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      trace.candidates
        .filter((c) => showNoEffect || c.verdict !== 'noEffect')
        .map((c) =>
          h(
            'tr',
            { class: `verdict-${c.verdict}`, 'data-candidate': c.name },
            h('td', { class: 'cond' }, trace.nodes[c.node]?.label || '(goal reached)'),
            h('td', {}, c.index >= 0 ? `#${c.index} ${c.name}` : c.name),
            h('td', {}, c.verdict),
            h('td', { class: 'cond failing' }, c.detail),
            h('td', { class: 'cond conditions' }, catalog.get(keyOf(c))?.conditions.join(', ') ?? ''),
            h('td', { class: 'cost' }, costOf(c)),
          ),
        ),
    ),
  );
}
