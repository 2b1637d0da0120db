import { bool, defineSchema, eq, set, type KeySpec, defineActions } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import type { GoapDomain } from '../domain/GoapDomain.js';

/**
 * chain(k) (issue 4): for each i, A_i (1; pre ¬a_i; eff a_i), B_i (1; pre a_i;
 * eff g_i) and a decoy C_i (3; eff g_i). Goal `all` = every g_i. Optimum 2k.
 * @example
 * new GoapPlanner(chainDomain(10)).plan(state, 'all').cost; // 20
 */
export function chainDomain(k: number): GoapDomain {
  const spec: Record<string, KeySpec> = {};
  for (let i = 0; i < k; i++) spec[`a${i}`] = bool();
  for (let i = 0; i < k; i++) spec[`g${i}`] = bool();
  const schema = defineSchema(spec);
  const key = (name: string) => schema.cellOf(name) as never;
  const actions = [];
  for (let i = 0; i < k; i++) {
    actions.push({ name: `A${i}`, conditions: [eq(key(`a${i}`), false)], effects: [set(key(`a${i}`), true)], cost: 1 });
    actions.push({ name: `B${i}`, conditions: [eq(key(`a${i}`), true)], effects: [set(key(`g${i}`), true)], cost: 1 });
    actions.push({ name: `C${i}`, effects: [set(key(`g${i}`), true)], cost: 3 });
  }
  const goal = [];
  for (let i = 0; i < k; i++) goal.push(eq(key(`g${i}`), true));
  return compileGoapDomain(defineActions(schema, actions), { goals: [{ name: 'all', conditions: goal }] });
}
