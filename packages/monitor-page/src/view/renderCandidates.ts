import type { AgentRecording, SearchTrace, TraceCandidate } from '@dualplan/monitor';
import { actionCatalog } from '../actionCatalog.js';
import { formatNumber } from '../formatNumber.js';
import { h } from './dom.js';
import { virtualTable } from './virtualTable.js';

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
    if (trace.planner === 'goap' && child) return formatNumber(child.g - trace.nodes[c.node].g);
    const key = keyOf(c);
    const costs = catalog.get(key)?.costs ?? [];
    if (costs.length > 0) return costs.map(formatNumber).join(' / ');
    const entry = agent.catalog?.[key];
    return entry === undefined ? '' : entry.kind === 'action' ? 'by function' : '–';
  };
  return virtualTable({
    id: 'candidates',
    head: ['at', 'candidate', 'verdict', 'failing condition', 'conditions', 'cost'],
    items: trace.candidates.filter((c) => showNoEffect || c.verdict !== 'noEffect'),
    row: (c) => {
      const at = trace.nodes[c.node]?.label || '(goal reached)';
      const conditions = catalog.get(keyOf(c))?.conditions.join(', ') ?? '';
      return h(
        'tr',
        { class: `verdict-${c.verdict}`, 'data-candidate': c.name },
        h('td', { class: 'cond', title: at }, at),
        h('td', {}, c.index >= 0 ? `#${c.index} ${c.name}` : c.name),
        h('td', {}, c.verdict),
        h('td', { class: 'cond failing', title: c.detail }, c.detail),
        h('td', { class: 'cond conditions', title: conditions }, conditions),
        h('td', { class: 'cost' }, costOf(c)),
      );
    },
  });
}
