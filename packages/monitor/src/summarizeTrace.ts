import type { ConditionTexts, SearchCounter, SearchSummary, SearchTrace } from '@dualplan/world-state';

/** Condition texts by list and index, made once per condition (statistics look them up for every failure). */
const texts = new WeakMap<ConditionTexts, string[]>();

/** @internal The failing condition's text: `conditions.describe(index)` (made once), else `text`. */
export function conditionText(conditions: ConditionTexts | null, index: number, text: string): string {
  if (conditions === null || index < 0) return text;
  let list = texts.get(conditions);
  if (list === undefined) texts.set(conditions, (list = []));
  return (list[index] ??= conditions.describe(index));
}

/**
 * @internal A built {@link SearchTrace} as a {@link SearchSummary}, so statistics count
 * traces (from planners that give no summary, or loaded recordings) as they count summaries.
 */
export function summarizeTrace(trace: SearchTrace): SearchSummary {
  return {
    planner: trace.planner === 'htn' ? 'htn' : 'goap',
    target: trace.target,
    status: trace.status,
    reason: trace.reason,
    items: trace.nodes.length + trace.candidates.length,
    count: (counter) => countTrace(trace, counter),
  };
}

function countTrace(s: SearchTrace, counter: SearchCounter): void {
  const nodes = s.nodes;
  for (const n of nodes) {
    if (n.kind === 'compound') counter.compound(n.label, n.verdict === 'kept', n.onPath);
    else if (n.kind === 'primitive') counter.primitive(n.label, n.verdict, null, -1, n.detail);
  }
  for (const c of s.candidates) {
    if (s.planner === 'htn') {
      const node = nodes[c.node];
      // On the path: kept at a path node and the method it went on with (a best-first search keeps every applicable method).
      const onPath = c.verdict === 'kept' && node?.onPath === true && node.via === c.name;
      counter.method(`${node?.label ?? '?'}.${c.name}`, c.verdict, onPath, null, -1, c.detail);
    } else counter.action(c.name, c.verdict, s.mode === 'forward', null, -1, c.detail);
  }
  if (s.status === 'found') for (const task of s.plan) counter.planned(task);
}
