import { bool, defineActions, defineSchema, eq, set, type KeySpec } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/**
 * A goal made of `n` independent conditions: bool keys `g0`..`g{n-1}`, and for each one action `A{i}` that sets
 * it, of cost `costs[i % costs.length]`. Goal `all` = every key true; the only plan applies each action once, so
 * its cost is the sum of the costs. With the plain count heuristic every node that makes the same number of
 * conditions true ties, which makes it the stress case for the default heuristic.
 * @example
 * new GoapPlanner(goalRichDomain(65)).plan(createState(goalRichDomain(65).schema), undefined, { goal: 'all' }).status; // 'found'
 */
export function goalRichDomain(n: number, costs: readonly number[] = [1]): GoapDomain {
  const spec: Record<string, KeySpec> = {};
  for (let i = 0; i < n; i++) spec[`g${i}`] = bool();
  const schema = defineSchema(spec);
  const key = (i: number) => schema.cellOf(`g${i}`) as never;
  const actions = [];
  const goal = [];
  for (let i = 0; i < n; i++) {
    actions.push({ name: `A${i}`, effects: [set(key(i), true)], cost: costs[i % costs.length] });
    goal.push(eq(key(i), true));
  }
  return compileGoapDomain(defineActions(schema, actions), { goals: [{ name: 'all', conditions: goal }] });
}
