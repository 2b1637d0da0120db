import { bool, check, createState, defineSchema, eq, set, defineActions } from '@dualplan/world-state';
import { compileGoapDomain } from '../domain/compileGoapDomain.js';
import { GoapPlanner } from '../GoapPlanner.js';
import { whyNoPlan } from './whyNoPlan.js';
import { chainDomain, fireDomain, soldierGoapDomain } from '../examples/index.js';
import { compileGoal } from '../domain/compileGoal.js';
import { planNames } from '../testUtil.js';

describe('GoapTrace', () => {
  test('is off by default', () => {
    const d = soldierGoapDomain();
    const p = new GoapPlanner(d);
    p.search(createState(d.schema), 'killEnemy');
    expect(p.trace).toBeNull();
  });

  test('records every expanded node with g and h, and every action considered with its verdict', () => {
    const d = soldierGoapDomain();
    const p = new GoapPlanner(d, { trace: true });
    const r = p.search(createState(d.schema), 'killEnemy');
    const t = p.trace!;
    expect(t.goal).toBe('killEnemy');
    expect(t.expanded.length).toBe(r.expanded);
    expect(t.expanded[0]).toMatchObject({ node: 0, parent: -1, action: null, g: 0, h: 1, label: 'enemyalive == false ∧ alive == true' });
    expect(t.expanded[1]).toMatchObject({ action: 'shoot', g: 1, label: 'enemylinedup == true ∧ alive == true' });
    // Every action is accounted for at every expansion.
    for (const e of t.expanded) expect(t.considered.filter((c) => c.node === e.node).length).toBe(d.actionCount);
    const atRoot = t.considered.filter((c) => c.node === 0);
    expect(atRoot.find((c) => c.action === 'shoot')!.verdict).toBe('kept');
    // Rule 3: the bomb's ¬alive conflicts with the goal's alive.
    expect(atRoot.find((c) => c.action === 'detonatebomb')).toMatchObject({
      verdict: 'effectConflicts',
      detail: 'effect alive = false conflicts with alive == true',
    });
    expect(atRoot.find((c) => c.action === 'scout')!.verdict).toBe('noEffect');
    expect(t.toString()).toContain('detonatebomb: effectConflicts');
    expect(t.whyNoPlan).toBeNull();
  });

  test('rule 2 and rule 4 verdicts name the failing condition', () => {
    const schema = defineSchema({ lit: bool(), dry: bool(), raining: bool() });
    const k = schema.keys;
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'soak', conditions: [eq(k.dry, false)], effects: [set(k.lit, true)] },
        { name: 'strikeMatch', conditions: [check('hasMatches', () => false)], effects: [set(k.lit, true)] },
      ]),
      { goals: [{ name: 'g', conditions: [eq(k.lit, true), eq(k.dry, true)] }] },
    );
    const p = new GoapPlanner(d, { trace: true });
    expect(p.search(createState(schema, { dry: true }), 'g').status).toBe('none');
    const root = p.trace!.considered.filter((c) => c.node === 0);
    expect(root.find((c) => c.action === 'soak')).toMatchObject({ verdict: 'conditionConflicts', detail: 'precondition on dry conflicts with dry == true' });
    expect(root.find((c) => c.action === 'strikeMatch')).toMatchObject({ verdict: 'procedural', detail: 'procedural check hasMatches() failed' });
  });

  test('unusable verdict for a dynamic cost of Infinity; the rule order wins when an action also conflicts', () => {
    const schema = defineSchema({ lit: bool(), dry: bool(true) });
    const k = schema.keys;
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'torch', effects: [set(k.lit, true)], cost: () => Infinity },
        { name: 'wetTorch', effects: [set(k.lit, true), set(k.dry, false)], cost: () => Infinity },
        { name: 'strike', effects: [set(k.lit, true)], cost: 4 },
      ]),
      { goals: [{ name: 'g', conditions: [eq(k.lit, true), eq(k.dry, true)] }] },
    );
    const traced = new GoapPlanner(d, { trace: true });
    const r = traced.search(createState(schema), 'g');
    expect(r.cost).toBe(4);
    const root = traced.trace!.considered.filter((c) => c.node === 0);
    expect(root.find((c) => c.action === 'torch')).toMatchObject({ verdict: 'unusable', detail: 'cost is Infinity (unusable)' });
    // wetTorch is unusable and also breaks rule 3: the trace reports the rule, as it checks rules first.
    expect(root.find((c) => c.action === 'wetTorch')).toMatchObject({ verdict: 'effectConflicts', detail: 'effect dry = false conflicts with dry == true' });
    expect(root.find((c) => c.action === 'strike')!.verdict).toBe('kept');
    // Without a trace, unusable actions are dropped before regressing: same search, same plan.
    const plain = new GoapPlanner(d).search(createState(schema), 'g');
    expect([plain.cost, plain.expanded, plain.generated]).toEqual([r.cost, r.expanded, r.generated]);
  });

  test('length verdict at the plan-length limit, and the budget it implies when nothing shorter exists', () => {
    const d = chainDomain(1);
    const p = new GoapPlanner(d, { maxPlanLength: 1, trace: true });
    // B0 needs a0, which A0 would achieve in a second step: cut; the 1-step decoy C0 (cost 3) is the plan.
    const r = p.search(createState(d.schema), 'all');
    expect(planNames(d, r)).toEqual(['C0']);
    expect(r.budget).toBe('');
    const viaB = p.trace!.expanded.find((e) => e.action === 'B0')!;
    expect(p.trace!.considered.filter((c) => c.node === viaB.node)).toEqual([
      { node: viaB.node, action: 'A0', verdict: 'tooLong', detail: 'plan would exceed 1 actions' },
      { node: viaB.node, action: 'B0', verdict: 'noEffect', detail: 'no effect satisfies an open condition' },
      { node: viaB.node, action: 'C0', verdict: 'noEffect', detail: 'no effect satisfies an open condition' },
    ]);
    // Goal a0 ∧ g0 has only 2-step plans: the cut branch makes the result a length budget, traced or not.
    const both = compileGoal(d, { name: 'both', conditions: [eq(d.schema.keys.a0 as never, true as never), eq(d.schema.keys.g0 as never, true as never)] });
    for (const trace of [true, false]) {
      const q = new GoapPlanner(d, { maxPlanLength: 1, trace }).search(createState(d.schema), both);
      expect([q.status, q.budget]).toEqual(['budget', 'length']);
    }
    // A node at the limit whose candidates all conflict cuts nothing: 'none', traced or not.
    const schema = defineSchema({ g: bool(), p: bool(), q: bool() });
    const sk = schema.keys;
    const stuck = compileGoapDomain(
      defineActions(schema, [
        { name: 'finish', conditions: [eq(sk.p, true), eq(sk.q, true)], effects: [set(sk.g, true)] },
        { name: 'setP', effects: [set(sk.p, true), set(sk.q, false)] },
        { name: 'setQ', effects: [set(sk.q, true), set(sk.p, false)] },
      ]),
      { goals: [{ name: 'g', conditions: [eq(sk.g, true)] }] },
    );
    for (const trace of [true, false]) {
      const s = new GoapPlanner(stuck, { maxPlanLength: 1, trace });
      expect([s.search(createState(schema), 'g').status, s.result.budget]).toEqual(['none', '']);
      if (trace)
        expect(Object.fromEntries(s.trace!.considered.filter((c) => c.node !== 0).map((c) => [c.action, c.verdict]))).toEqual({
          setP: 'effectConflicts',
          setQ: 'effectConflicts',
          finish: 'noEffect',
        });
    }
  });

  test('duplicate verdict when a node is reached again at no lower cost', () => {
    const schema = defineSchema({ a: bool(), b: bool() });
    const d = compileGoapDomain(
      defineActions(schema, [
        { name: 'setA', effects: [set(schema.keys.a, true)] },
        { name: 'setB', effects: [set(schema.keys.b, true)] },
      ]),
      { goals: [{ name: 'ab', conditions: [eq(schema.keys.a, true), eq(schema.keys.b, true)] }] },
    );
    // Dijkstra expands both {a} and {b} (g 1) before the empty goal (g 2): the second reaches it again.
    const p = new GoapPlanner(d, { weight: 0, trace: true });
    expect(p.search(createState(schema), 'ab').cost).toBe(2);
    const dup = p.trace!.considered.filter((c) => c.verdict === 'duplicate');
    expect(dup).toEqual([
      {
        node: p.trace!.expanded[2].node,
        action: expect.stringMatching(/^set[AB]$/),
        verdict: 'duplicate',
        detail: 'an equal node is known at lower or equal cost',
      },
    ]);
    expect(p.result.generated).toBe(4);
  });

  test('why no plan: lists the needed conditions no usable action achieves', () => {
    const d = soldierGoapDomain();
    const p = new GoapPlanner(d, { trace: true });
    // No gun: scout and load are unusable, and the bomb kills the soldier.
    expect(p.search(createState(d.schema, { armedwithgun: false, armedwithbomb: false }), 'killEnemy').status).toBe('none');
    const why = p.trace!.whyNoPlan!;
    expect(why.goal).toBe('killEnemy');
    const conditions = why.unachievable.map((u) => u.condition);
    expect(conditions).toContain('armedwithgun == true');
    expect(conditions).toContain('armedwithbomb == true');
    expect(why.unachievable.find((u) => u.condition === 'armedwithgun == true')!.neededBy).toMatch(/action (scout|load)/);
    expect(why.summary).toContain('armedwithgun == true');
    // Also available without tracing.
    const q = new GoapPlanner(d);
    q.search(createState(d.schema, { armedwithgun: false, armedwithbomb: false }), 'killEnemy');
    expect(whyNoPlan(q).unachievable.map((u) => u.condition)).toEqual(conditions);
  });

  test('why no plan names candidates that fail their procedural check', () => {
    const schema = defineSchema({ lit: bool() });
    const d = compileGoapDomain(
      defineActions(schema, [{ name: 'strikeMatch', conditions: [check('hasMatches', () => false)], effects: [set(schema.keys.lit, true)] }]),
      { goals: [{ name: 'light', conditions: [eq(schema.keys.lit, true)] }] },
    );
    const p = new GoapPlanner(d);
    p.search(createState(schema), 'light');
    const why = whyNoPlan(p);
    expect(why.unachievable).toEqual([
      { condition: 'lit == true', neededBy: 'goal light', candidates: [{ action: 'strikeMatch', reason: 'its procedural check fails on the current state' }] },
    ]);
  });

  test('why no plan when every condition has an achiever blames interactions or the budget', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d, { maxExpansions: 1 });
    expect(p.search(createState(d.schema), 'fire').status).toBe('budget');
    expect(whyNoPlan(p).summary).toContain('expansions budget');
  });

  test('forward mode traces states and inapplicable actions', () => {
    const d = fireDomain();
    const p = new GoapPlanner(d, { mode: 'forward', trace: true });
    p.search(createState(d.schema), 'fire');
    const t = p.trace!;
    expect(t.mode).toBe('forward');
    expect(t.expanded[0].label).toContain('hasAxe=false');
    expect(t.considered.find((c) => c.node === 0 && c.action === 'chopWood')).toMatchObject({
      verdict: 'conditionFailed',
      detail: 'hasAxe = false does not allow it',
    });
  });
});
