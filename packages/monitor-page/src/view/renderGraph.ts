import type { SearchTrace } from '@dualplan/monitor';
import { layoutGraph } from '../layoutGraph.js';
import { searchGraph } from '../searchGraph.js';
import { drawGraph } from './drawGraph.js';

/**
 * Draw one search as an SVG graph (dagre layout): the chosen path in green,
 * rejected branches in red with their failing condition (or hidden).
 * @example
 * container.append(renderGraph(run.searches[0], false));
 */
export function renderGraph(trace: SearchTrace, hideRejected: boolean): SVGSVGElement {
  // GOAP searches are shallow and broad: left to right keeps them within the page's width.
  const g = layoutGraph(searchGraph(trace, { hideRejected }), trace.planner === 'goap' ? 'LR' : 'TB');
  return drawGraph(
    g,
    (b) => ({ class: `box ${b.kind} verdict-${b.verdict}${b.onPath ? ' on-path' : ''}`, 'data-box': b.id, 'data-node': b.node }),
    (l) => `link${l.onPath ? ' on-path' : ''}`,
    (b) => [b.title, ...b.lines, b.names.length > 1 ? b.names.join(', ') : ''].filter(Boolean).join('\n'),
  );
}
