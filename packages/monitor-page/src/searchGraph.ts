import { Graph, layout } from '@dagrejs/dagre';
import type { SearchTrace, TraceVerdict } from '@dualplan/monitor';

/** A box of the drawn search: a trace node, a rejected candidate, or a group of "no effect" rejections. */
export interface GraphBox {
  readonly id: string;
  /** `abandoned`: a trace node in a branch a backtrack gave up. */
  readonly kind: 'node' | 'abandoned' | 'candidate' | 'open' | 'group';
  /** First line (task, goal conditions, candidate name). */
  readonly title: string;
  /** Further lines: method chosen, g/h, the failing condition. */
  readonly lines: readonly string[];
  readonly verdict: TraceVerdict;
  readonly onPath: boolean;
  /** Trace node id of a node box; for candidates, the node they were tried on. */
  readonly node: number;
  /** Candidate names behind a group box. */
  readonly names: readonly string[];
}

export interface GraphLink {
  readonly from: string;
  readonly to: string;
  readonly label: string;
  readonly onPath: boolean;
}

export interface SearchGraph {
  readonly boxes: readonly GraphBox[];
  readonly links: readonly GraphLink[];
}

export interface SearchGraphOptions {
  /** Hide rejected candidates and failed nodes that are not on the chosen path (the "impossible" branches). */
  hideRejected?: boolean;
}

/**
 * The boxes and links to draw for one search: HTN decomposition tree (each
 * task, the method chosen, rejected methods with their failing condition) or
 * GOAP search tree (each expanded node with g and h, each action considered).
 * GOAP's many "no effect on an open condition" rejections of one node are
 * folded into one box so a 50-action search stays readable.
 * @example
 * searchGraph(run.searches[0], { hideRejected: true }).boxes.map((b) => b.title);
 */
export function searchGraph(trace: SearchTrace, options: SearchGraphOptions = {}): SearchGraph {
  const hide = options.hideRejected ?? false;
  const boxes: GraphBox[] = [];
  const links: GraphLink[] = [];
  const candidateLinks: GraphLink[] = [];
  const shown = new Set<number>();
  for (const n of trace.nodes) {
    if (hide && ((n.verdict !== 'kept' && !n.onPath) || n.abandoned)) continue;
    if (n.parent >= 0 && !shown.has(n.parent)) continue; // under a hidden branch
    shown.add(n.id);
    const lines: string[] = [];
    if (trace.planner === 'goap') lines.push(`g ${fmt(n.g)}  h ${fmt(n.h)}  f ${fmt(n.g + n.h)}`);
    else if (n.kind === 'compound' && n.via !== null) lines.push(`method ${n.via}`);
    if (n.verdict !== 'kept') lines.push(`✗ ${n.verdict}${n.detail ? `: ${n.detail}` : ''}`);
    else if (n.abandoned) lines.push('abandoned by a backtrack');
    boxes.push({ id: `n${n.id}`, kind: n.abandoned ? 'abandoned' : 'node', title: n.kind === 'search' ? n.label || '(goal reached)' : n.label, lines, verdict: n.verdict, onPath: n.onPath, node: n.id, names: [] });
    if (n.parent >= 0) {
      const parent = trace.nodes[n.parent];
      const cost = trace.planner === 'goap' ? ` (${fmt(n.g - parent.g)})` : '';
      links.push({ from: `n${n.parent}`, to: `n${n.id}`, label: n.via !== null && trace.planner === 'goap' ? `${n.via}${cost}` : '', onPath: n.onPath && parent.onPath });
    }
  }
  if (!hide) addCandidates(trace, shown, boxes, candidateLinks);
  // Candidates first: under a compound, the rejected methods were tried before the chosen one's subtasks.
  return { boxes, links: [...candidateLinks, ...links] };
}

function addCandidates(trace: SearchTrace, shown: Set<number>, boxes: GraphBox[], links: GraphLink[]): void {
  const noEffect = new Map<number, string[]>();
  trace.candidates.forEach((c, i) => {
    if (!shown.has(c.node)) return;
    if (c.verdict === 'kept') {
      // A kept GOAP action whose node was never expanded: still open when the search ended.
      if (trace.planner !== 'goap' || trace.nodes.some((n) => n.parent === c.node && n.via === c.name)) return;
      boxes.push({ id: `c${i}`, kind: 'open', title: c.name, lines: ['open, not expanded'], verdict: c.verdict, onPath: false, node: c.node, names: [c.name] });
    } else if (c.verdict === 'noEffect') {
      const list = noEffect.get(c.node) ?? [];
      list.push(c.name);
      noEffect.set(c.node, list);
      return;
    } else {
      const method = c.index >= 0 ? `#${c.index} ` : '';
      boxes.push({ id: `c${i}`, kind: 'candidate', title: `✗ ${method}${c.name}`, lines: [`${c.verdict}${c.detail ? `: ${c.detail}` : ''}`], verdict: c.verdict, onPath: false, node: c.node, names: [c.name] });
    }
    links.push({ from: `n${c.node}`, to: `c${i}`, label: '', onPath: false });
  });
  for (const [node, names] of noEffect) {
    boxes.push({ id: `g${node}`, kind: 'group', title: `${names.length} without a useful effect`, lines: [wrapNames(names)], verdict: 'noEffect', onPath: false, node, names });
    links.push({ from: `n${node}`, to: `g${node}`, label: '', onPath: false });
  }
}

function wrapNames(names: readonly string[]): string {
  const shown = names.slice(0, 4).join(', ');
  return names.length > 4 ? `${shown}, +${names.length - 4}` : shown;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** A laid-out box: centre `x`, `y` and size, in SVG user units. */
export interface PlacedBox extends GraphBox {
  /** The title and lines wrapped to the box width; the first `titleRows` rows are the title. */
  readonly rows: readonly string[];
  readonly titleRows: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedLink extends GraphLink {
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

export interface GraphLayout {
  readonly boxes: readonly PlacedBox[];
  readonly links: readonly PlacedLink[];
  readonly width: number;
  readonly height: number;
}

/** Text metrics the layout sizes boxes with (the page's monospace font). */
export const CHAR_WIDTH = 7.2;
export const LINE_HEIGHT = 16;
const PAD = 8;
/** Longest row of a box, in characters: long GOAP condition lists wrap instead of widening the drawing. */
export const MAX_ROW = 48;

/**
 * Break `text` into rows of at most `max` characters, at spaces where it can.
 * @example
 * wrapText('a == 1 ∧ b == 2', 8); // ['a == 1 ∧', 'b == 2']
 */
export function wrapText(text: string, max = MAX_ROW): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    for (let w = word; w.length > 0; ) {
      const candidate = row ? `${row} ${w}` : w;
      if (candidate.length <= max) {
        row = candidate;
        w = '';
      } else if (row) {
        rows.push(row);
        row = '';
      } else {
        rows.push(w.slice(0, max));
        w = w.slice(max);
      }
    }
  }
  if (row || rows.length === 0) rows.push(row);
  return rows;
}

/**
 * Lay `graph` out with dagre (a layered graph layout), top-down or left to
 * right, boxes sized from their wrapped text.
 * @example
 * const { boxes, width, height } = layoutGraph(searchGraph(trace));
 */
export function layoutGraph(graph: SearchGraph, direction: 'TB' | 'LR' = 'TB'): GraphLayout {
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
    links: graph.links.map((l) => ({ ...l, points: g.edge(l.from, l.to).points ?? [] })),
    width: label.width ?? 0,
    height: label.height ?? 0,
  };
}
