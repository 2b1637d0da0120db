import { bool, check, createState, defineSchema, eq, set } from '@dualplan/world-state';
import { compileDomain } from './compileDomain.js';
import { GoapPlanner } from './GoapPlanner.js';
import { whyNoPlan } from './whyNoPlan.js';
import { fireDomain, soldierDomain } from './examples/index.js';

describe('GoapTrace', () => {
  test('is off by default', () => {
    const d = soldierDomain();
    const p = new GoapPlanner(d);
    p.plan(createState(d.schema), 'killEnemy');
    expect(p.trace).toBeNull();
  });

  test('records every expanded node with g and h, and every action considered with its verdict', () => {
    const d = soldierDomain();
    const p = new GoapPlanner(d, { trace: true });
    const r = p.plan(createState(d.schema), 'killEnemy');
    const t = p.trace!;
    expect(t.goal).toBe('killEnemy');
    expect(t.expanded.length).toBe(r.expanded);
    expect(t.expanded[0]).toMatchObject({ node: 0, parent: -1, action: null, g: 0, h: 1, label: 'enemyalive == false ∧ alive == true' });
    expect(t.expanded[1]).toMatchObject({ action: 'shoot', g: 1, label: 'enemylinedup == true ∧ alive == true' });
    // Every action is accounted for at every expansion.
    for (const e of t.expanded) expect(t.considered.filter((c) => c.node === e.node).length).toBe(d.actionCount);
    const atRoot = t.considered.filter((c) => c.node === 0);
    expect(atRoot.find((c) => c.action === 'shoot')!.verdict).toBe('neighbour');
    // Rule 3: the bomb's ¬alive conflicts with the goal's alive.
    expect(atRoot.find((c) => c.action === 'detonatebomb')).toMatchObject({ verdict: 'rule3', detail: 'effect alive = false conflicts with alive == true' });
    expect(atRoot.find((c) => c.action === 'scout')!.verdict).toBe('rule1');
    expect(t.toString()).toContain('detonatebomb: rule3');
    expect(t.whyNoPlan).toBeNull();
  });

  test('rule 2 and rule 4 verdicts name the failing condition', () => {
    const schema = defineSchema({ lit: bool(), dry: bool(), raining: bool() });
    const k = schema.keys;
    const d = compileDomain(schema, {
      actions: [
        { name: 'soak', preconditions: [eq(k.dry, false)], effects: [set(k.lit, true)] },
        { name: 'strikeMatch', preconditions: [check('hasMatches', () => false)], effects: [set(k.lit, true)] },
      ],
      goals: [{ name: 'g', conditions: [eq(k.lit, true), eq(k.dry, true)] }],
    });
    const p = new GoapPlanner(d, { trace: true });
    expect(p.plan(createState(schema, { dry: true }), 'g').status).toBe('none');
    const root = p.trace!.considered.filter((c) => c.node === 0);
    expect(root.find((c) => c.action === 'soak')).toMatchObject({ verdict: 'rule2', detail: 'precondition on dry conflicts with dry == true' });
    expect(root.find((c) => c.action === 'strikeMatch')).toMatchObject({ verdict: 'rule4', detail: 'procedural check hasMatches() failed' });
  });

  test('why no plan: lists the needed conditions no usable action achieves', () => {
    const d = soldierDomain();
    const p = new GoapPlanner(d, { trace: true });
    // No gun: scout and load are unusable, and the bomb kills the soldier.
    expect(p.plan(createState(d.schema, { armedwithgun: false, armedwithbomb: false }), 'killEnemy').status).toBe('none');
    const why = p.trace!.whyNoPlan!;
    expect(why.goal).toBe('killEnemy');
    const conditions = why.unachievable.map((u) => u.condition);
    expect(conditions).toContain('armedwithgun == true');
    expect(conditions).toContain('armedwithbomb == true');
    expect(why.unachievable.find((u) => u.condition === 'armedwithgun == true')!.neededBy).toMatch(/action (scout|load)/);
    expect(why.summary).toContain('armedwithgun == true');
    // Also available without tracing.
    const q = new GoapPlanner(d);
    q.plan(createState(d.schema, { armedwithgun: false, armedwithbomb: false }), 'killEnemy');
    expect(whyNoPlan(q).unachievable.map((u) => u.condition)).toEqual(conditions);
  });

  test('why no plan names candidates that fail their procedural check', () => {
    const schema = defineSchema({ lit: bool() });
    const d = compileDomain(schema, {
      actions: [{ name: 'strikeMatch', preconditions: [check('hasMatches', () => false)], effects: [set(schema.keys.lit, true)] }],
      goals: [{ name: 'light', conditions: [eq(schema.keys.lit, true)] }],
    });
    const p = new GoapPlanner(d);
    p.plan(createState(schema), 'light');
    const why = whyNoPlan(p);
    expect(why.unachievable).toEqual([
      { condition: 'lit == true', neededBy: 'goal light', candidates: [{ action: 'strikeMatch', reason: 'its procedural check fails on the current state' }] },
    ]);
  });

  test('why no plan when every condition has an achiever blames interactions or the budget', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d, { maxExpansions: 1 });
    expect(p.plan(createState(d.schema), 'fire').status).toBe('budget');
    expect(whyNoPlan(p).summary).toContain('expansions budget');
  });

  test('forward mode traces states and inapplicable actions', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d, { mode: 'forward', trace: true });
    p.plan(createState(d.schema), 'fire');
    const t = p.trace!;
    expect(t.mode).toBe('forward');
    expect(t.expanded[0].label).toContain('hasAxe=false');
    expect(t.considered.find((c) => c.node === 0 && c.action === 'chopWood')).toMatchObject({ verdict: 'inapplicable', detail: 'hasAxe = false does not allow it' });
  });
});
