import { bool, createState, defineActions, defineSchema, enumOf, eq, ge, int, set, add } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import type { GoapNodeView } from './GoapHeuristic.js';

const schema = defineSchema({ axe: bool(), place: enumOf({ home: 0, forest: 1, shop: 2 }), wood: int(0, 9) });
const k = schema.keys;
const cell = { axe: schema.cellOf(k.axe), place: schema.cellOf(k.place), wood: schema.cellOf(k.wood) };
const domain = compileGoapDomain(
  defineActions(schema, [
    { name: 'buyAxe', conditions: [eq(k.place, 2)], effects: [set(k.axe, true)], cost: 1 },
    { name: 'toShop', effects: [set(k.place, 2)], cost: 1 },
    { name: 'toForest', effects: [set(k.place, 1)], cost: 1 },
    { name: 'chop', conditions: [eq(k.axe, true), eq(k.place, 1)], effects: [add(k.wood, 3)], cost: 1 },
  ]),
  { goals: [{ name: 'stock', conditions: [ge(k.wood, 5)] }] },
);

/** What the accessors report for one node, as text. */
function show(node: GoapNodeView): string {
  return [
    `axe ${node.mask(cell.axe)} ${node.allows(cell.axe, 1)}`,
    `place ${node.mask(cell.place)} ${node.lo(cell.place)}-${node.hi(cell.place)} ${node.allows(cell.place, 1)}`,
    `wood ${node.lo(cell.wood)}-${node.hi(cell.wood)} ${node.allows(cell.wood, 5)}`,
  ].join(', ');
}

describe('GoapNodeView accessors', () => {
  test('backward: the regressed goal per cell (masks, intervals), whatever the packing', () => {
    const seen: string[] = [];
    const r = new GoapPlanner(domain, { heuristic: (node) => (seen.push(show(node)), 0) }).search(createState(schema), 'stock');
    expect(r.status).toBe('found');
    // The root (the goal) leaves axe and place free; regressed through chop: axe true, place forest, wood >= 2;
    // through buyAxe (axe now free again): place shop.
    expect(seen[0]).toBe('axe 3 true, place 7 0-2 true, wood 5-9 true');
    expect(seen).toContain('axe 2 true, place 2 1-1 true, wood 2-9 true');
    expect(seen).toContain('axe 3 true, place 4 2-2 false, wood 2-9 true');
  });

  test('forward: the state values', () => {
    const seen: string[] = [];
    new GoapPlanner(domain, { mode: 'forward', heuristic: (node) => (seen.push(show(node)), 0) }).search(createState(schema, { place: 2 }), 'stock');
    expect(seen[0]).toBe('axe 1 false, place 4 2-2 false, wood 0-0 false');
    expect(seen).toContain('axe 2 true, place 2 1-1 true, wood 3-3 false');
  });
});
