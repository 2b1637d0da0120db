import type { AgentRecording } from '@dualplan/monitor';

/**
 * Every name the "why not" panel can ask about for `agent`, sorted: known
 * actions, methods and goals plus any candidate seen in a search.
 * @example
 * whyNotNames(soldier); // ['aim', 'approach', ..., 'killEnemy']
 */
export function whyNotNames(agent: AgentRecording): string[] {
  const names = new Set<string>([...agent.actions, ...agent.methods, ...agent.goals]);
  for (const run of agent.runs) {
    for (const search of run.searches) {
      for (const c of search.candidates) {
        const node = search.nodes[c.node];
        names.add(node?.kind === 'compound' ? `${node.label}.${c.name}` : c.name);
      }
    }
    for (const g of run.goals) names.add(g.name);
  }
  return [...names].sort();
}
