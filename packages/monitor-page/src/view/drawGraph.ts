import { LINE_HEIGHT, type BoxText, type GraphLayout, type LinkEnds, type PlacedBox } from '../layoutGraph.js';
import { s, type Attrs } from './dom.js';

/**
 * Draw a laid-out graph as SVG: arrows with their labels, then boxes with
 * their wrapped text (the title rows bold) and a tooltip of the whole text.
 * `boxAttrs` gives each box's class and data attributes; `linkClass` each link's class.
 * @example
 * container.append(drawGraph(layoutGraph(graph), (b) => ({ class: 'box' }), () => 'link'));
 */
export function drawGraph<B extends BoxText, L extends LinkEnds>(
  g: GraphLayout<B, L>,
  boxAttrs: (b: PlacedBox<B>) => Attrs,
  linkClass: (l: L) => string,
  tooltip: (b: PlacedBox<B>) => string = (b) => [b.title, ...b.lines].join('\n'),
): SVGSVGElement {
  const width = Math.ceil(g.width);
  const height = Math.ceil(g.height);
  const root = s('svg', { class: 'graph', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img' });
  root.append(
    s(
      'defs',
      {},
      s('marker', { id: 'arrow', viewBox: '0 0 8 8', refX: 8, refY: 4, markerWidth: 6, markerHeight: 6, orient: 'auto' }, s('path', { d: 'M0,0 L8,4 L0,8 z' })),
    ),
  );
  for (const l of g.links) {
    const d = l.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    root.append(s('path', { class: linkClass(l), d, 'marker-end': 'url(#arrow)' }));
    if (l.label && l.points.length) {
      const mid = l.points[Math.floor(l.points.length / 2)];
      root.append(s('text', { class: 'link-label', x: mid.x + 4, y: mid.y }, l.label));
    }
  }
  for (const b of g.boxes) {
    const x = b.x - b.width / 2;
    const y = b.y - b.height / 2;
    root.append(
      s(
        'g',
        boxAttrs(b),
        s('title', {}, tooltip(b)),
        s('rect', { x, y, width: b.width, height: b.height, rx: 4 }),
        s('text', {}, ...b.rows.map((row, i) => s('tspan', { class: i < b.titleRows ? 'title' : '', x: x + 8, y: y + LINE_HEIGHT * (i + 1) }, row))),
      ),
    );
  }
  return root;
}
