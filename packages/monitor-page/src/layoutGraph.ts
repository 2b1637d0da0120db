import { Graph, layout } from '@dagrejs/dagre';
import type { GraphBox, GraphLink } from './searchGraph.js';
import { wrapText } from './wrapText.js';

/** What the layout needs of a box: an id and its text. */
export interface BoxText {
  readonly id: string;
  readonly title: string;
  readonly lines: readonly string[];
}

/** What the layout needs of a link: its ends and its label. */
export interface LinkEnds {
  readonly from: string;
  readonly to: string;
  readonly label: string;
}

/** A laid-out box: centre `x`, `y` and size, in SVG user units. */
export type PlacedBox<B extends BoxText = GraphBox> = B & Placement;

/** Where the layout put a box, and its text wrapped to the box. */
export interface Placement {
  /** The title and lines wrapped to the box width; the first `titleRows` rows are the title. */
  readonly rows: readonly string[];
  readonly titleRows: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type PlacedLink<L extends LinkEnds = GraphLink> = L & { readonly points: readonly { readonly x: number; readonly y: number }[] };

export interface GraphLayout<B extends BoxText = GraphBox, L extends LinkEnds = GraphLink> {
  readonly boxes: readonly PlacedBox<B>[];
  readonly links: readonly PlacedLink<L>[];
  readonly width: number;
  readonly height: number;
}

/** Text metrics the layout sizes boxes with (the page's monospace font). */
export const CHAR_WIDTH = 7.2;
export const LINE_HEIGHT = 16;
const PAD = 8;

/**
 * Lay `graph` out with dagre (a layered graph layout), top-down or left to
 * right, boxes sized from their wrapped text.
 * @example
 * const { boxes, width, height } = layoutGraph(searchGraph(trace));
 */
export function layoutGraph<B extends BoxText = GraphBox, L extends LinkEnds = GraphLink>(
  graph: { readonly boxes: readonly B[]; readonly links: readonly L[] },
  direction: 'TB' | 'LR' = 'TB',
): GraphLayout<B, L> {
  const g = new Graph();
  g.setGraph({ rankdir: direction, nodesep: direction === 'TB' ? 24 : 10, ranksep: direction === 'TB' ? 36 : 56, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  const wrapped = new Map<string, { rows: string[]; titleRows: number }>();
  for (const b of graph.boxes) {
    const title = wrapText(b.title);
    const rows = [...title, ...b.lines.flatMap((l) => wrapText(l))];
    wrapped.set(b.id, { rows, titleRows: title.length });
    const chars = Math.max(...rows.map((r) => r.length));
    g.setNode(b.id, { width: Math.ceil(chars * CHAR_WIDTH) + 2 * PAD, height: rows.length * LINE_HEIGHT + PAD });
  }
  for (const l of graph.links) {
    if (!g.hasNode(l.from) || !g.hasNode(l.to)) continue;
    g.setEdge(l.from, l.to, l.label ? { width: l.label.length * CHAR_WIDTH, height: LINE_HEIGHT, labelpos: 'c' } : {});
  }
  // Top-down (HTN): siblings left to right in the order the search tried them.
  const lastChild = new Map<string, string>();
  const constraints: { left: string; right: string }[] = [];
  for (const l of direction === 'TB' ? graph.links : []) {
    const left = lastChild.get(l.from);
    if (left !== undefined) constraints.push({ left, right: l.to });
    lastChild.set(l.from, l.to);
  }
  layout(g, { constraints });
  const label = g.graph();
  return {
    boxes: graph.boxes.map((b) => {
      const n = g.node(b.id);
      return { ...b, ...(wrapped.get(b.id) as { rows: string[]; titleRows: number }), x: n.x, y: n.y, width: n.width, height: n.height };
    }),
    links: graph.links.filter((l) => g.hasEdge(l.from, l.to)).map((l) => ({ ...l, points: g.edge(l.from, l.to).points ?? [] })),
    width: label.width ?? 0,
    height: label.height ?? 0,
  };
}
