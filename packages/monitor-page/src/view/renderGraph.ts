import type { SearchTrace } from '@dualplan/monitor';
import { LINE_HEIGHT, layoutGraph } from '../layoutGraph.js';
import { searchGraph } from '../searchGraph.js';
import { s } from './dom.js';

/**
 * Draw one search as an SVG graph (dagre layout): the chosen path in green,
 * rejected branches in red with their failing condition (or hidden).
 * @example
 * container.append(renderGraph(run.searches[0], false));
 */
export function renderGraph(trace: SearchTrace, hideRejected: boolean): SVGSVGElement {
  // GOAP searches are shallow and broad: left to right keeps them within the page's width.
  const g = layoutGraph(searchGraph(trace, { hideRejected }), trace.planner === 'goap' ? 'LR' : 'TB');
  const root = s('svg', {
    class: 'graph',
    width: Math.ceil(g.width),
    height: Math.ceil(g.height),
    viewBox: `0 0 ${Math.ceil(g.width)} ${Math.ceil(g.height)}`,
    role: 'img',
  });
  root.append(
    s(
      'defs',
      {},
      s('marker', { id: 'arrow', viewBox: '0 0 8 8', refX: 8, refY: 4, markerWidth: 6, markerHeight: 6, orient: 'auto' }, s('path', { d: 'M0,0 L8,4 L0,8 z' })),
    ),
  );
  for (const l of g.links) {
    const d = l.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    root.append(s('path', { class: `link${l.onPath ? ' on-path' : ''}`, d, 'marker-end': 'url(#arrow)' }));
    if (l.label && l.points.length) {
      const mid = l.points[Math.floor(l.points.length / 2)];
      root.append(s('text', { class: 'link-label', x: mid.x + 4, y: mid.y }, l.label));
    }
  }
  for (const b of g.boxes) {
    const x = b.x - b.width / 2;
    const y = b.y - b.height / 2;
    const cls = `box ${b.kind} verdict-${b.verdict}${b.onPath ? ' on-path' : ''}`;
    root.append(
      s(
        'g',
        { class: cls, 'data-box': b.id, 'data-node': b.node },
        s('title', {}, [b.title, ...b.lines, b.names.length > 1 ? b.names.join(', ') : ''].filter(Boolean).join('\n')),
        s('rect', { x, y, width: b.width, height: b.height, rx: 4 }),
        s('text', {}, ...b.rows.map((row, i) => s('tspan', { class: i < b.titleRows ? 'title' : '', x: x + 8, y: y + LINE_HEIGHT * (i + 1) }, row))),
      ),
    );
  }
  return root;
}
