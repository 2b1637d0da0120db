import type { SearchTrace, TraceCandidate, TraceNode } from './SearchTrace.js';

/** Options of {@link formatSearchTrace}. */
export interface FormatTraceOptions {
  /** Show rejected candidates (default true). */
  rejected?: boolean;
  /**
   * Show GOAP `noEffect` rejections (an action none of whose effects helps the
   * node: most actions at most nodes). Default false: they are counted per node instead.
   */
  noEffect?: boolean;
  /** Show branches a backtrack abandoned (default true). */
  abandoned?: boolean;
  /** Stop after this many lines (default 400). */
  maxLines?: number;
}

/**
 * A search trace as indented text, for either planner: the tree of nodes, each
 * followed by its candidates in the order tried, each kept candidate followed
 * by the node it produced. Marks: `*` on the plan's path, `x` failed or
 * rejected, `~` in a branch a backtrack abandoned. GOAP `noEffect` rejections
 * are summarised per node unless asked for, so a 50-action trace stays readable.
 * @example
 * console.log(formatSearchTrace(trace));
 * // htn BeTrunkThumper (ordered): found, cost 3, 3 steps, MTR [0, 1]
 * // * BeTrunkThumper
 * //   * method 0 Attack
 * //   * AttackEnemy
 * //     x method 0 Whirlwind: conditionFailed WsPowerUp == 3
 * //     ...
 */
export function formatSearchTrace(trace: SearchTrace, options: FormatTraceOptions = {}): string {
  const showRejected = options.rejected !== false;
  const showNoEffect = options.noEffect === true;
  const showAbandoned = options.abandoned !== false;
  const maxLines = options.maxLines ?? 400;
  const lines: string[] = [header(trace)];
  const children = new Map<number, TraceNode[]>();
  for (const n of trace.nodes) {
    const list = children.get(n.parent);
    if (list) list.push(n);
    else children.set(n.parent, [n]);
  }
  const byNode = new Map<number, number[]>();
  trace.candidates.forEach((c, i) => {
    const list = byNode.get(c.node);
    if (list) list.push(i);
    else byNode.set(c.node, [i]);
  });
  let cut = false;
  const add = (line: string): boolean => {
    if (lines.length > maxLines) {
      cut = true;
      return false;
    }
    lines.push(line);
    return true;
  };

  const visit = (n: TraceNode, depth: number): void => {
    if (cut || (n.abandoned && !showAbandoned)) return;
    const pad = '  '.repeat(depth);
    if (!add(`${pad}${mark(n.onPath, n.verdict !== 'kept', n.abandoned)} ${nodeText(trace, n)}`)) return;
    const kids = children.get(n.id) ?? [];
    const placed = new Set<TraceNode>();
    let hidden = 0;
    for (const i of byNode.get(n.id) ?? []) {
      const c = trace.candidates[i];
      const rejected = c.verdict !== 'kept';
      if (c.verdict === 'noEffect' && !showNoEffect) hidden++;
      else if (!rejected || showRejected) {
        const child = kids.find((k) => k.from === i);
        if (!add(`${pad}  ${mark(child?.onPath ?? false, rejected, n.abandoned)} ${candidateText(trace, c)}`)) return;
      }
      for (const k of kids) {
        if (k.from !== i) continue;
        placed.add(k);
        visit(k, depth + 2);
      }
    }
    if (hidden > 0) add(`${pad}    (${hidden} action${hidden === 1 ? '' : 's'} with no effect on an open condition)`);
    for (const k of kids) if (!placed.has(k)) visit(k, depth + 1);
  };
  for (const root of children.get(-1) ?? []) visit(root, 0);
  if (cut) lines.push(`... (cut at ${maxLines} lines)`);
  if (trace.whyNoPlan) lines.push(trace.whyNoPlan);
  return lines.join('\n');
}

function header(t: SearchTrace): string {
  const found = t.status === 'found';
  const parts = [`${t.planner} ${t.target} (${t.mode}): ${t.status}`];
  if (found) parts.push(`cost ${t.cost}`, `${t.plan.length} steps`);
  if (t.mtr.length > 0) parts.push(`MTR [${t.mtr.join(', ')}]`);
  if (t.backtracks > 0) parts.push(`${t.backtracks} backtracks`);
  if (!found && t.reason) parts.push(t.reason);
  return parts.join(', ') + (found ? `\n  plan: ${t.plan.join(', ') || '(empty)'}` : '');
}

function mark(onPath: boolean, failed: boolean, abandoned: boolean): string {
  return onPath ? '*' : failed ? 'x' : abandoned ? '~' : '-';
}

function nodeText(t: SearchTrace, n: TraceNode): string {
  const fail = n.verdict === 'kept' ? '' : `: ${n.verdict}${n.detail ? ` ${n.detail}` : ''}`;
  if (n.kind === 'search') return `#${n.id} g=${round(n.g)} h=${round(n.h)}${n.via ? ` via ${n.via}` : ''}: ${n.label}${fail}`;
  return `${n.kind === 'primitive' || n.kind === 'compound' ? '' : `${n.kind} `}${n.label}${fail}`;
}

function candidateText(t: SearchTrace, c: TraceCandidate): string {
  const what = t.planner === 'htn' || c.index >= 0 ? `method ${c.index} ${c.name}` : c.name;
  return c.verdict === 'kept' ? what : `${what}: ${c.verdict}${c.detail ? ` ${c.detail}` : ''}`;
}

function round(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toFixed(2);
}
