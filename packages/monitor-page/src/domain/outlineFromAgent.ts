import type { AgentRecording } from '@dualplan/monitor';
import type { DomainOutline, OutlineItem } from './DomainOutline.js';

/**
 * The domain view's outline of what a recording's catalogue says of an agent's
 * domain: every action, compound (with its methods), method (with its subtasks
 * when the planner reported them) and goal, with conditions, effects, costs and priorities.
 * @example
 * outlineFromAgent(store.agent('troll')!);
 */
export function outlineFromAgent(agent: AgentRecording): DomainOutline {
  const catalog = agent.catalog ?? {};
  const item = (name: string, kind: OutlineItem['kind']): OutlineItem => {
    const c = catalog[name];
    const facts: string[] = [];
    if (c?.cost !== undefined && c.cost !== null) facts.push(`cost ${c.cost}`);
    else if (kind === 'action' && c) facts.push('cost by function');
    if (kind === 'goal') facts.push(`priority ${c?.priority ?? 'by function'}`);
    const subtasks = kind === 'compound' ? agent.methods.filter((m) => m.startsWith(`${name}.`)) : (c?.subtasks ?? []);
    return { name, kind, conditions: c?.conditions ?? [], effects: c?.effects ?? [], subtasks, facts, findings: [] };
  };
  const items = [
    ...agent.actions.map((n) => item(n, 'action')),
    ...agent.compounds.map((n) => item(n, 'compound')),
    ...agent.methods.map((n) => item(n, 'method')),
    ...agent.goals.map((n) => item(n, 'goal')),
  ];
  // The root: the compound no method calls.
  const called = new Set(items.flatMap((i) => (i.kind === 'method' ? i.subtasks : [])));
  const root = agent.compounds.find((c) => !called.has(c)) ?? agent.compounds[0] ?? null;
  return { name: agent.id, items, root, findings: [] };
}
