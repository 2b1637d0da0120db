import { describe, expect, it } from '@jest/globals';
import { bool, createState, planFound, defineSchema, PlanBuffer, type SubPlanner, type PlanResult, defineActions } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { compileHtnDomain } from '../domain/compileHtnDomain.js';
import type { HtnResult } from './HtnPlan.js';
import { htnAgentPlanner } from '../agent/htnAgentPlanner.js';
import { HtnPlanner } from '../HtnPlanner.js';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';

/** A deep copy of what an outcome says, to compare after its buffer could have been reused. */
const snapshot = (o: HtnResult) => ({
  status: o.status,
  reason: o.reason,
  steps: o.plan?.steps.map((s) => [s.task, [...s.args]]) ?? [],
  mtr: o.plan ? [...o.plan.meta.mtr] : [],
  cost: o.plan?.cost,
  root: o.plan?.meta.root,
});

describe('best-first search (pooled)', () => {
  const troll = trollHtnDomain();
  const seen = createState(troll.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
  const lost = createState(troll.schema, { WsHasSeenEnemyRecently: true });

  it('returns fresh results that later plans never change', () => {
    const expectA = snapshot(new HtnPlanner(troll, { mode: 'best-first' }).plan(seen));
    const expectB = snapshot(new HtnPlanner(troll, { mode: 'best-first' }).plan(lost));
    expect(expectA).toMatchObject({ status: 'found', mtr: [0, 3] });
    expect(expectA.steps.map(([t]) => t)).toEqual(['ThrowBoulder', 'DoRecovery']);
    expect(expectB.status).toBe('found');
    expect(expectB.steps).not.toEqual(expectA.steps);

    const planner = new HtnPlanner(troll, { mode: 'best-first' });
    const a = planner.plan(seen);
    const aSteps = a.plan!.steps;
    const b = planner.plan(lost);
    expect(b).not.toBe(a);
    expect(snapshot(a)).toEqual(expectA);
    expect(a.plan!.steps).toBe(aSteps);
    expect(snapshot(b)).toEqual(expectB);
    // Without a buffer every result is fresh: later calls never touch earlier results.
    const c = planner.plan(lost);
    expect(c).not.toBe(a);
    expect(snapshot(a)).toEqual(expectA);
    expect(snapshot(c)).toEqual(expectB);
    expect(snapshot(planner.plan(seen))).toEqual(expectA);
  });

  it('writes into request.out in place, and a buffer is reused only when passed again', () => {
    const planner = new HtnPlanner(troll, { mode: 'best-first' });
    const first = planner.plan(seen);
    const before = snapshot(first);
    const out = new PlanBuffer();
    const outcome = planner.plan(lost, undefined, { out });
    expect(outcome).toBe(out.result);
    expect(snapshot(first)).toEqual(before);
    expect(snapshot(outcome).steps).not.toEqual(before.steps);
    const lostSnap = snapshot(outcome);
    const again = planner.plan(seen, undefined, { out });
    expect(again).toBe(outcome);
    expect(snapshot(again)).toEqual(before);
    expect(snapshot(out.copy() as HtnResult)).toEqual(before);
    expect(lostSnap.status).toBe('found');
    expect(snapshot(first)).toEqual(before);
  });

  it('ignores pause points: the result is a full plan', () => {
    const schema = defineSchema({ Flag: bool() });
    const domain = compileHtnDomain(defineActions(schema, [{ name: 'A' }, { name: 'B' }]), {
      root: 'Root',
      tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['A', { pause: true }, 'B'] }] }],
    });
    const ordered = new HtnPlanner(domain).plan(createState(schema));
    expect(ordered.plan!.steps.map((s) => s.task)).toEqual(['A']);
    expect(ordered.plan!.meta.partial).toBe(true);
    const best = new HtnPlanner(domain, { mode: 'best-first' }).plan(createState(schema));
    expect(best.plan!.steps.map((s) => s.task)).toEqual(['A', 'B']);
    expect(best.plan!.meta).toMatchObject({ partial: false, continuation: null, mtr: [0] });
    expect(best.plan!.cost).toBe(2);
  });

  it('rejects options it cannot honour instead of ignoring them: trace and MTR pruning', () => {
    const error = (subject: string) => expect.objectContaining({ code: 'BAD_OPTION', subject });
    expect(() => new HtnPlanner(troll, { mode: 'best-first', trace: true })).toThrow(error('trace'));
    const planner = new HtnPlanner(troll, { mode: 'best-first' });
    expect(() => planner.plan(seen, undefined, { against: [0, 1] })).toThrow(error('against'));
    expect(planner.plan(seen, undefined, { against: null }).status).toBe('found');
    planner.tracing = true;
    expect(() => planner.plan(seen)).toThrow(error('trace'));
    expect(planner.trace).toEqual([]);
    planner.tracing = false;
    expect(planner.plan(seen).plan!.steps.map((s) => s.task)).toEqual(['ThrowBoulder', 'DoRecovery']);
    expect(() => htnAgentPlanner(planner, { prune: true })).toThrow(error('prune'));
    expect(htnAgentPlanner(planner).plan(seen, undefined, null).status).toBe('found');
  });

  describe('dynamic subtasks and arguments', () => {
    const schema = defineSchema({ Flag: bool() });
    const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ task: 'Step', args: [n - i] }));
    const domain = compileHtnDomain(defineActions(schema, [{ name: 'Step', args: [0] }, { name: 'Jump' }]), {
      root: 'Walk',
      tasks: [
        {
          kind: 'compound',
          name: 'Walk',
          methods: [
            { name: 'stepwise', subtasks: (_s, _c, args) => steps(args[0] as number) },
            { name: 'jump', cost: 2, subtasks: ['Jump'] },
          ],
        },
      ],
    });

    it('prices each branch and survives arena reuse across alternating requests', () => {
      const planner = new HtnPlanner(domain, { mode: 'best-first' });
      for (let round = 0; round < 3; round++) {
        for (const n of [1, 5, 2, 300]) {
          const outcome = planner.plan(createState(schema), undefined, { args: [n] });
          const cheapest = Math.min(n, 3);
          expect(outcome.status).toBe('found');
          expect(outcome.plan!.cost).toBe(cheapest);
          if (n < 3) {
            expect(outcome.plan!.steps.map((s) => s.args[0])).toEqual(steps(n).map((s) => s.args[0]));
            expect(outcome.plan!.meta.mtr).toEqual([0]);
          } else {
            expect(outcome.plan!.steps.map((s) => s.task)).toEqual(['Jump']);
            expect(outcome.plan!.meta.mtr).toEqual([1]);
          }
        }
      }
    });

    it('plans from a task list, and names it in a failure', () => {
      const planner = new HtnPlanner(domain, { mode: 'best-first' });
      const outcome = planner.plan(createState(schema), undefined, { tasks: [{ task: 'Walk', args: [2] }, 'Jump'] });
      expect(outcome.plan!.steps.map((s) => s.task)).toEqual(['Step', 'Step', 'Jump']);
      expect(outcome.plan!.meta.root).toBe('(tasks)');
      expect(() => planner.plan(createState(schema), undefined, { tasks: ['Nope'] })).toThrow(/Nope/);
    });
  });

  describe('budgets and failures', () => {
    const schema = defineSchema({ Flag: bool() });

    it('a step budget gives status budget', () => {
      const outcome = new HtnPlanner(trollHtnDomain(), { mode: 'best-first', maxSteps: 2 }).plan(seen);
      expect(outcome).toMatchObject({ status: 'budget', plan: null, reason: 'step budget of 2 exhausted' });
    });

    it('runaway recursion ends in a depth budget that names the task', () => {
      const domain = compileHtnDomain(defineActions(schema, []), {
        root: 'Forever',
        tasks: [{ kind: 'compound', name: 'Forever', methods: [{ subtasks: ['Forever'] }] }],
      });
      const outcome = new HtnPlanner(domain, { mode: 'best-first', maxDepth: 50 }).plan(createState(schema));
      expect(outcome.status).toBe('budget');
      expect(outcome.reason).toMatch(/depth limit of 50 .*Forever/);
    });

    it('the depth limit prunes a branch, not the search: a plan within the limit is still found', () => {
      const domain = compileHtnDomain(defineActions(schema, [{ name: 'Tick' }]), {
        root: 'Root',
        tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Root'] }, { cost: 1, subtasks: ['Tick'] }] }],
      });
      // The free loop is explored first (cost 0) until the limit cuts it; the ordered search gives up there.
      expect(new HtnPlanner(domain, { maxDepth: 20 }).plan(createState(schema)).status).toBe('budget');
      const outcome = new HtnPlanner(domain, { mode: 'best-first', maxDepth: 20 }).plan(createState(schema));
      expect(outcome.status).toBe('found');
      expect(outcome.plan!.cost).toBe(2);
      expect(outcome.plan!.meta.mtr).toEqual([1]);
      expect(outcome.plan!.stats.expanded).toBeGreaterThan(20);
    });

    it('no valid decomposition gives status none with the root in the reason', () => {
      const domain = compileHtnDomain(defineActions(schema, [{ name: 'Need', conditions: [{ key: 'Flag', op: '==', value: true }] }]), {
        root: 'Root',
        tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Need'] }] }],
      });
      const planner = new HtnPlanner(domain, { mode: 'best-first' });
      const found = planner.plan(createState(schema, { Flag: true }));
      const none = planner.plan(createState(schema));
      expect(none).toMatchObject({ status: 'none', plan: null, reason: 'no plan: no decomposition of Root is valid in this state' });
      expect(found.plan!.steps.map((s) => s.task)).toEqual(['Need']);
    });
  });

  it('splices a delegate sub-plan and checks it against the working state', () => {
    const schema = trollSchema();
    const external = compileHtnDomain(
      defineActions(schema, [
        { name: 'Sneak', effects: [{ key: 'WsLocation', op: 'set', value: 'Enemy' }] },
        { name: 'Grab', effects: [{ key: 'WsTrunkHealth', op: 'set', value: 3 }] },
      ]),
      {
        tasks: [],
      },
    );
    const domain = compileHtnDomain(
      defineActions(schema, [
        {
          name: 'Slam',
          conditions: [
            { key: 'WsTrunkHealth', op: '>', value: 0 },
            { key: 'WsLocation', op: '==', value: 'Enemy' },
          ],
        },
        { name: 'Wait' },
      ]),
      {
        root: 'Root',
        tasks: [
          { kind: 'compound', name: 'Root', methods: [{ subtasks: ['GetTrunk', 'Slam'] }, { cost: 5, subtasks: ['Wait'] }] },
          { kind: 'delegate', name: 'GetTrunk', delegate: 'goap' },
        ],
      },
    );
    let steps = [external.callStep[0]!, external.callStep[1]!];
    const goap: SubPlanner = (): PlanResult =>
      planFound({ planner: 'goap', steps, cost: steps.length, meta: null, stats: { expanded: 0, generated: 0, backtracks: 0 } }, 'goal');
    const planner = new HtnPlanner(domain, { mode: 'best-first', delegates: { goap } });
    const spliced = planner.plan(createState(schema));
    expect(spliced.plan!.steps.map((s) => s.task)).toEqual(['Sneak', 'Grab', 'Slam']);
    expect(spliced.plan!.cost).toBe(3);
    steps = [external.callStep[1]!];
    const fallback = planner.plan(createState(schema));
    expect(fallback.plan!.steps.map((s) => s.task)).toEqual(['Wait']);
    expect(fallback.plan!.cost).toBe(6);
  });
});
