import { formatNumber } from './formatNumber.js';
import type { SearchTrace, TraceNode, TraceVerdict } from '@dualplan/monitor';

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
    if (trace.planner === 'goap') lines.push(`g ${formatNumber(n.g)}  h ${formatNumber(n.h)}  f ${formatNumber(n.g + n.h)}`);
    else if (n.kind === 'compound' && n.via !== null) lines.push(`method ${n.via}`);
    if (n.verdict !== 'kept') lines.push(`✗ ${n.verdict}${n.detail ? `: ${n.detail}` : ''}`);
    else if (n.abandoned) lines.push('abandoned by a backtrack');
    boxes.push({
      id: `n${n.id}`,
      kind: n.abandoned ? 'abandoned' : 'node',
      title: n.kind === 'search' ? n.label || '(goal reached)' : n.label,
      lines,
      verdict: n.verdict,
      onPath: n.onPath,
      node: n.id,
      names: [],
    });
    if (n.parent >= 0) {
      const parent = trace.nodes[n.parent];
      links.push({ from: `n${n.parent}`, to: `n${n.id}`, label: linkLabel(trace, n, parent), onPath: n.onPath && parent.onPath });
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
      boxes.push({
        id: `c${i}`,
        kind: 'candidate',
        title: `✗ ${method}${c.name}`,
        lines: [`${c.verdict}${c.detail ? `: ${c.detail}` : ''}`],
        verdict: c.verdict,
        onPath: false,
        node: c.node,
        names: [c.name],
      });
    }
    links.push({ from: `n${c.node}`, to: `c${i}`, label: '', onPath: false });
  });
  for (const [node, names] of noEffect) {
    boxes.push({
      id: `g${node}`,
      kind: 'group',
      title: `${names.length} without a useful effect`,
      lines: [wrapNames(names)],
      verdict: 'noEffect',
      onPath: false,
      node,
      names,
    });
    links.push({ from: `n${node}`, to: `g${node}`, label: '', onPath: false });
  }
}

/**
 * GOAP: the action and its cost. HTN: the method that produced a task, named
 * only on branches a backtrack abandoned (the chosen method is in the compound's box).
 */
function linkLabel(trace: SearchTrace, n: TraceNode, parent: TraceNode): string {
  if (trace.planner === 'goap') return n.via === null ? '' : `${n.via} (${formatNumber(n.g - parent.g)})`;
  return n.abandoned && n.from >= 0 ? `via ${trace.candidates[n.from]?.name ?? '?'}` : '';
}

function wrapNames(names: readonly string[]): string {
  const shown = names.slice(0, 4).join(', ');
  return names.length > 4 ? `${shown}, +${names.length - 4}` : shown;
}
