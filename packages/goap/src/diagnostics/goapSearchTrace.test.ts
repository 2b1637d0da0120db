import { describe, expect, it } from '@jest/globals';
import { createState, formatSearchTrace } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { goapSearchTrace } from './goapSearchTrace.js';
import { soldierGoapDomain } from '../examples/index.js';

describe('goapSearchTrace', () => {
  it('turns the last traced search into the shared trace: nodes, verdicts by meaning, the chosen path', () => {
    const domain = soldierGoapDomain();
    const planner = new GoapPlanner(domain, { trace: true });
    planner.plan(createState(domain.schema, { enemyalive: true, armedwithbomb: true }), 'killEnemy');
    const t = goapSearchTrace(planner);
    expect(t).toMatchObject({ planner: 'goap', target: 'killEnemy', mode: 'backward', status: 'found' });
    expect(t.path.map((id) => t.nodes[id].via)).toEqual([null, ...t.plan.slice().reverse()]);
    expect(t.nodes[t.path[t.path.length - 1]]).toMatchObject({ label: 'start state', g: t.cost, onPath: true });
    expect(t.candidates.find((c) => c.node === 0 && c.name === 'detonatebomb')).toMatchObject({
      verdict: 'effectConflicts',
      detail: 'effect alive = false conflicts with alive == true',
    });
    for (const n of t.nodes) if (n.parent >= 0) expect(t.candidates[n.from]).toMatchObject({ node: n.parent, name: n.via, verdict: 'kept' });
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });

  it('carries why-no-plan, and the printer hides noEffect rejections unless asked', () => {
    const domain = soldierGoapDomain();
    const planner = new GoapPlanner(domain, { trace: true });
    planner.plan(createState(domain.schema, { enemyalive: true, armedwithgun: false, armedwithbomb: false }), 'killEnemy');
    const t = goapSearchTrace(planner);
    expect(t.status).toBe('none');
    expect(t.whyNoPlan).toContain('armedwithbomb == true');
    const short = formatSearchTrace(t);
    const long = formatSearchTrace(t, { noEffect: true });
    expect(short).not.toContain('noEffect');
    expect(short).toMatch(/\(\d+ actions? with no effect on an open condition\)/);
    expect(long).toContain('noEffect no effect satisfies an open condition');
    expect(long.split('\n').length).toBeGreaterThan(short.split('\n').length);
  });
});
