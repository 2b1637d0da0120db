import { describe, expect, it } from '@jest/globals';
import {
  bool,
  createState,
  defineSchema,
  enumOf,
  eq,
  noPlan,
  planFound,
  set,
  PlanBuffer,
  type PlanResult,
  type SubPlanner,
  type WorldState,
  defineActions,
} from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { compileHtnDomain } from './domain/compileHtnDomain.js';
import { htnDomainBuilder } from './domain/HtnDomainBuilder.js';
import type { HtnResult } from './search/HtnPlan.js';
import { HtnPlanner } from './HtnPlanner.js';
import { trollHtnDomain, trollTrunkDomain } from './examples/trollHtnDomain.js';

const names = (o: HtnResult) => o.plan?.steps.map((s) => s.task) ?? [];

const Tool = { None: 0, Hammer: 1, Saw: 2 } as const;
const toolSchema = defineSchema({ Tool: enumOf(Tool, Tool.None), Done: bool() });

/** Choose a tool first, use it later: the later failure must revise the earlier sibling's method. */
function toolDomain() {
  return htnDomainBuilder(
    defineActions(toolSchema, [
      { name: 'TakeHammer', effects: [set(toolSchema.keys.Tool, Tool.Hammer)] },
      { name: 'TakeSaw', effects: [set(toolSchema.keys.Tool, Tool.Saw)] },
      { name: 'Cut', conditions: [eq(toolSchema.keys.Tool, Tool.Saw)], effects: [set(toolSchema.keys.Done, true)] },
    ]),
    'tools',
  )
    .compound('Build')
    .method()
    .task('ChooseTool')
    .task('UseTool')
    .end()
    .compound('ChooseTool')
    .method([], 'hammer')
    .task('TakeHammer')
    .back()
    .method([], 'saw')
    .task('TakeSaw')
    .end()
    .compound('UseTool')
    .method()
    .task('Cut')
    .end()
    .build();
}

describe('backtracking', () => {
  it('revises a method chosen in an earlier sibling when a later task fails', () => {
    const planner = new HtnPlanner(toolDomain(), { trace: true });
    const outcome = planner.plan(createState(toolSchema));
    expect(names(outcome)).toEqual(['TakeSaw', 'Cut']);
    expect(outcome.plan!.meta.mtr).toEqual([0, 1, 0]);
    expect(outcome.plan!.stats.backtracks).toBe(1);
    expect(planner.trace).toContainEqual({ type: 'primitive-failed', task: 'Cut', condition: 'Tool == Saw' });
    expect(planner.trace).toContainEqual({ type: 'backtrack', task: 'ChooseTool', fromMethod: 0 });
  });

  it('restores the working state on backtracking, so the failed branch leaves no effects', () => {
    // Only the failed hammer branch makes noise; a later method reads it, so a leaked effect changes the plan.
    const schema = defineSchema({ Tool: enumOf(Tool, Tool.None), Noisy: bool() });
    const domain = htnDomainBuilder(
      defineActions(schema, [
        { name: 'TakeHammer', effects: [set(schema.keys.Tool, Tool.Hammer), set(schema.keys.Noisy, true)] },
        { name: 'TakeSaw', effects: [set(schema.keys.Tool, Tool.Saw)] },
        { name: 'Cut', conditions: [eq(schema.keys.Tool, Tool.Saw)] },
        { name: 'Sneak' },
        { name: 'Stomp' },
      ]),
      'quiet tools',
    )
      .compound('Build')
      .method()
      .task('ChooseTool')
      .task('UseTool')
      .task('Leave')
      .end()
      .compound('ChooseTool')
      .method([], 'hammer')
      .task('TakeHammer')
      .back()
      .method([], 'saw')
      .task('TakeSaw')
      .end()
      .compound('UseTool')
      .method()
      .task('Cut')
      .end()
      .compound('Leave')
      .method((k) => [eq(k.Noisy, false)], 'quietly')
      .task('Sneak')
      .back()
      .method([], 'loudly')
      .task('Stomp')
      .end()
      .build();
    // Untraced plans backtrack inline; traced ones through the general search.
    for (const trace of [false, true]) {
      const outcome = new HtnPlanner(domain, { trace }).plan(createState(schema));
      expect(outcome.plan!.steps.some((s) => s.task === 'TakeHammer')).toBe(false);
      expect(names(outcome)).toEqual(['TakeSaw', 'Cut', 'Sneak']);
      expect(outcome.plan!.stats.backtracks).toBe(1);
    }
  });

  it('returns none with a reason when no decomposition works', () => {
    const domain = compileHtnDomain(defineActions(toolSchema, [{ name: 'Fail', conditions: [{ key: 'Tool', op: '==', value: 'Saw' }] }]), {
      root: 'Root',
      tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Fail'] }, { conditions: [{ key: 'Done', op: '==', value: true }], subtasks: [] }] }],
    });
    const outcome = new HtnPlanner(domain).plan(createState(toolSchema));
    expect(outcome).toMatchObject({ status: 'none', plan: null });
    expect(outcome.reason).toMatch(/Root/);
  });

  it('is iterative: a 20 000-deep recursion does not overflow the JS stack', () => {
    const schema = defineSchema({ Flag: bool() });
    const domain = compileHtnDomain(defineActions(schema, [{ name: 'Tick' }]), {
      root: 'Count',
      tasks: [
        {
          kind: 'compound',
          name: 'Count',
          methods: [{ subtasks: (_s, _c, args) => ((args[0] as number) > 0 ? ['Tick', { task: 'Count', args: [(args[0] as number) - 1] }] : []) }],
        },
      ],
    });
    const outcome = new HtnPlanner(domain, { maxDepth: 30_000, maxSteps: 100_000 }).plan(createState(schema), undefined, { args: [20_000] });
    expect(outcome.status).toBe('found');
    expect(outcome.plan!.steps.length).toBe(20_000);
  });
});

describe('budgets', () => {
  it('a step budget gives a clear budget failure', () => {
    const domain = trollTrunkDomain();
    const outcome = new HtnPlanner(domain, { maxSteps: 3 }).plan(createState(domain.schema, { WsCanSeeEnemy: true }));
    expect(outcome).toMatchObject({ status: 'budget', plan: null });
    expect(outcome.reason).toMatch(/step budget of 3/);
  });

  it('a depth limit stops runaway recursion and names the task', () => {
    const schema = defineSchema({ Flag: bool() });
    const domain = compileHtnDomain(defineActions(schema, []), {
      root: 'Forever',
      tasks: [{ kind: 'compound', name: 'Forever', methods: [{ subtasks: ['Forever'] }] }],
    });
    const outcome = new HtnPlanner(domain, { maxDepth: 100, trace: true }).plan(createState(schema));
    expect(outcome.status).toBe('budget');
    expect(outcome.reason).toMatch(/depth limit of 100 .*Forever/);
  });

  it('zero-progress recursion with alternatives still terminates within the step budget', () => {
    const schema = defineSchema({ Flag: bool() });
    const domain = compileHtnDomain(defineActions(schema, [{ name: 'Never', conditions: [{ key: 'Flag', op: '==', value: true }] }]), {
      root: 'Loop',
      tasks: [{ kind: 'compound', name: 'Loop', methods: [{ subtasks: ['Loop', 'Never'] }, { subtasks: ['Never'] }] }],
    });
    const outcome = new HtnPlanner(domain, { maxDepth: 20, maxSteps: 10_000 }).plan(createState(schema));
    expect(['budget', 'none']).toContain(outcome.status);
  });
});

describe('options', () => {
  it('rejects invalid budgets and an undefined root, naming the option or task', () => {
    const domain = trollHtnDomain();
    expect(() => new HtnPlanner(domain, { maxSteps: NaN })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'maxSteps' }));
    expect(() => new HtnPlanner(domain, { maxDepth: -1 })).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'maxDepth' }));
    expect(() => new HtnPlanner(domain, { root: 'Nope' })).toThrow(expect.objectContaining({ code: 'UNDEFINED_TASK', subject: 'Nope' }));
    expect(() => new HtnPlanner(domain).plan(createState(domain.schema), undefined, { task: 'Nope' })).toThrow(expect.objectContaining({ subject: 'Nope' }));
  });

  it('names a seed, root or requested task that cannot be converted to a string (a TypeError before)', () => {
    const domain = trollHtnDomain();
    const state = createState(domain.schema);
    const planner = new HtnPlanner(domain);
    const named = (subject: string, code: string) => expect.objectContaining({ code, subject });
    expect(() => new HtnPlanner(domain, { seed: { toString: '' } as never })).toThrow(named('seed', 'BAD_OPTION'));
    expect(() => new HtnPlanner(domain, { seed: { toString: '' } as never })).toThrow('HtnPlanner option seed must be an integer, got {"toString":""}.');
    expect(() => planner.reseed(Symbol('s') as never)).toThrow(named('seed', 'BAD_OPTION'));
    expect(() => new HtnPlanner(domain, { root: { toString: 0 } as never })).toThrow(named('{"toString":0}', 'UNDEFINED_TASK'));
    expect(() => planner.plan(state, undefined, { task: Object.create(null) })).toThrow(named('{}', 'UNDEFINED_TASK'));
    expect(() => new HtnPlanner(domain, { mode: 'best-first' }).plan(state, undefined, { task: Symbol('t') as never })).toThrow(
      named('Symbol(t) (symbol)', 'UNDEFINED_TASK'),
    );
    // A task id that is not a whole number is not a task (it planned from taskKind[0.5], undefined, before).
    expect(() => planner.plan(state, undefined, { task: 0.5 as never })).toThrow(named('0.5', 'UNDEFINED_TASK'));
  });
});

describe('trace', () => {
  it('records decompositions, rejected methods with the failing condition, and primitives', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain, { trace: true });
    planner.plan(createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 }));
    expect(planner.trace).toEqual([
      { type: 'decompose', task: 'BeTrunkThumper', method: 'Attack', methodIndex: 0, depth: 0, subtasks: 1 },
      { type: 'method-rejected', task: 'AttackEnemy', method: 'Whirlwind', methodIndex: 0, reason: 'condition', condition: 'WsPowerUp == 3' },
      { type: 'decompose', task: 'AttackEnemy', method: 'TrunkSlam', methodIndex: 1, depth: 1, subtasks: 3 },
      { type: 'primitive', task: 'NavigateToEnemy', args: [2] },
      { type: 'primitive', task: 'DoTrunkSlam', args: ['TrunkSlamAnim'] },
      { type: 'primitive', task: 'DoRecovery', args: ['TrunkSlamRecoverAnim'] },
    ]);
    expect(JSON.parse(JSON.stringify(planner.trace))).toEqual(planner.trace);
  });

  it('records nothing when off, and can be switched on later', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain);
    planner.plan(createState(domain.schema));
    expect(planner.trace).toEqual([]);
    planner.tracing = true;
    planner.plan(createState(domain.schema));
    expect(planner.trace.length).toBeGreaterThan(0);
  });
});

describe('MTR pruning (plan only what beats the running plan)', () => {
  const slam = { WsCanSeeEnemy: true, WsTrunkHealth: 3 } as const;

  it('finds nothing when only lower-priority plans exist', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain, { trace: true });
    const state = createState(domain.schema, { ...slam, WsIsTired: true, WsAttackedRecently: true });
    expect(names(planner.plan(state))).toEqual(['ThrowBoulder', 'DoRecovery']);
    const pruned = planner.plan(state, undefined, { against: [0, 1] });
    expect(pruned.status).toBe('none');
    expect(pruned.reason).toMatch(/higher priority/);
    expect(planner.trace).toContainEqual(expect.objectContaining({ type: 'method-rejected', task: 'AttackEnemy', reason: 'pruned', methodIndex: 2 }));
  });

  it('still finds equal and higher-priority plans, identical to unpruned planning', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain);
    const state = createState(domain.schema, slam);
    const free = planner.plan(state).plan!;
    const same = planner.plan(state, undefined, { against: [0, 1] }).plan!;
    expect(same.steps).toEqual(free.steps);
    expect(names(planner.plan(state, undefined, { against: [2] }))).toEqual(['NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
  });
});

describe('plan requests and buffers', () => {
  it('plans from a task list', () => {
    const domain = trollHtnDomain();
    const outcome = new HtnPlanner(domain).plan(createState(domain.schema), undefined, { tasks: ['ChooseBridgeToCheck', { task: 'NavigateToBridge' }] });
    expect(names(outcome)).toEqual(['ChooseBridgeToCheck', 'NavigateToBridge']);
    expect(outcome.plan!.meta.root).toBe('(tasks)');
  });

  it('plans from another root', () => {
    const domain = trollHtnDomain();
    const outcome = new HtnPlanner(domain).plan(createState(domain.schema, { WsTrunkHealth: 0 }), undefined, { task: 'AttackEnemy' });
    expect(names(outcome)[0]).toBe('FindTrunk');
  });

  it('double-buffers: the previous plan survives the next call', () => {
    const domain = trollHtnDomain();
    const planner = new HtnPlanner(domain);
    const first = planner.plan(createState(domain.schema)).plan!;
    const firstSteps = first.steps.map((s) => s.task);
    const second = planner.plan(createState(domain.schema, { WsHasSeenEnemyRecently: true })).plan!;
    expect(second).not.toBe(first);
    expect(first.steps.map((s) => s.task)).toEqual(firstSteps);
  });

  it('writes into a caller-owned buffer', () => {
    const domain = trollHtnDomain();
    const out = new PlanBuffer();
    const outcome = new HtnPlanner(domain).plan(createState(domain.schema), undefined, { out });
    expect(outcome).toBe(out.result);
    expect(out.result.plan!.steps.length).toBe(3);
  });

  it('builds the step of a parameterised primitive referenced without arguments once, on first use', () => {
    const schema = defineSchema({ Flag: bool() });
    let built = 0;
    const domain = compileHtnDomain(
      defineActions(schema, [{ name: 'Mark', effects: (args) => (built++, [{ key: 'Flag', op: 'set', value: args.length === 0 }]) }]),
      {
        root: 'Root',
        tasks: [{ kind: 'compound', name: 'Root', methods: [{ subtasks: ['Mark'] }] }],
      },
    );
    expect(domain.callStep[domain.defaultCall[1]]).toBeNull();
    expect(built).toBe(0);
    for (const mode of ['ordered', 'best-first'] as const) {
      const planner = new HtnPlanner(domain, { mode });
      const first = planner.plan(createState(schema)).plan!.steps[0];
      expect(first.effects.describe(0)).toBe('Flag = true');
      expect(planner.plan(createState(schema)).plan!.steps[0]).toBe(first);
    }
    expect(built).toBe(2);
  });

  it('plans are plain data', () => {
    const domain = trollHtnDomain();
    const plan = new HtnPlanner(domain).plan(createState(domain.schema, { WsHasSeenEnemyRecently: true })).plan!;
    const json = JSON.parse(JSON.stringify(plan));
    expect(json.steps[0]).toMatchObject({
      task: 'NavToLastEnemyLoc',
      operator: 'NavigateTo',
      expectedEffects: [{ key: 'WsCanSeeEnemy', op: 'set', value: true }],
    });
    expect(json.meta).toEqual({ root: 'BeTrunkThumper', mtr: [1], partial: false, continuation: null, slots: [], slotVersions: [] });
  });
});

describe('delegates (hybrid hook)', () => {
  const schema = trollSchema();
  /** Steps a fake external planner returns: prebuilt from a tiny domain over the same schema. */
  const external = compileHtnDomain(
    defineActions(schema, [
      { name: 'Sneak', operator: 'NavigateTo', args: [2], effects: [{ key: 'WsLocation', op: 'set', value: 'Enemy' }] },
      { name: 'Grab', operator: 'UprootTrunk', effects: [{ key: 'WsTrunkHealth', op: 'set', value: 3 }] },
    ]),
    {
      tasks: [],
    },
  );
  const sneakGrab = [external.callStep[external.defaultCall[0]]!, external.callStep[external.defaultCall[1]]!];
  const domain = compileHtnDomain(
    defineActions(schema, [
      {
        name: 'Slam',
        conditions: [
          { key: 'WsTrunkHealth', op: '>', value: 0 },
          { key: 'WsLocation', op: '==', value: 'Enemy' },
        ],
      },
      { name: 'Give up' },
    ]),
    {
      root: 'Root',
      tasks: [
        { kind: 'compound', name: 'Root', methods: [{ subtasks: ['GetTrunk', 'Slam'] }, { subtasks: ['Give up'] }] },
        { kind: 'delegate', name: 'GetTrunk', delegate: 'goap', args: ['trunk'] },
      ],
    },
  );
  const found = (steps = sneakGrab): PlanResult =>
    planFound({ planner: 'goap', steps, cost: steps.length, meta: null, stats: { expanded: 0, generated: 0, backtracks: 0 } }, 'goal');

  it('splices the sub-plan steps and applies their effects to the working state', () => {
    const calls: { args: readonly unknown[]; trunk: number }[] = [];
    const goap: SubPlanner = (state: WorldState<any>, _ctx, args) => {
      calls.push({ args, trunk: state.get(schema.keys.WsTrunkHealth) });
      return found();
    };
    const outcome = new HtnPlanner(domain, { delegates: { goap } }).plan(createState(schema));
    expect(names(outcome)).toEqual(['Sneak', 'Grab', 'Slam']);
    expect(outcome.plan!.cost).toBe(3);
    expect(calls).toEqual([{ args: ['trunk'], trunk: 0 }]);
  });

  it('treats a failed sub-plan as a failure that backtracks', () => {
    const goap: SubPlanner = () => noPlan('unreachable');
    const planner = new HtnPlanner(domain, { delegates: { goap }, trace: true });
    expect(names(planner.plan(createState(schema)))).toEqual(['Give up']);
    expect(planner.trace).toContainEqual({ type: 'delegate', task: 'GetTrunk', status: 'none', steps: 0, reason: 'unreachable' });
  });

  it('checks the spliced steps: an invalid sub-plan backtracks too', () => {
    const goap: SubPlanner = () => found([sneakGrab[1]]);
    expect(names(new HtnPlanner(domain, { delegates: { goap } }).plan(createState(schema)))).toEqual(['Give up']);
  });

  it('accepts steps over another instance of the same schema, and rejects a different layout', () => {
    const twin = compileHtnDomain(defineActions(trollSchema(), [{ name: 'Grab', effects: [{ key: 'WsTrunkHealth', op: 'set', value: 3 }] }]), { tasks: [] });
    const twinGoap: SubPlanner = () => found([sneakGrab[0], twin.callStep[0]!]);
    const other = compileHtnDomain(defineActions(toolSchema, [{ name: 'X' }]), { tasks: [] });
    const goap: SubPlanner = () => found([other.callStep[0]!]);
    expect(names(new HtnPlanner(domain, { delegates: { goap: twinGoap } }).plan(createState(schema)))).toEqual(['Sneak', 'Grab', 'Slam']);
    expect(() => new HtnPlanner(domain, { delegates: { goap } }).plan(createState(schema))).toThrow(/different layout/);
    // Best-first splices delegate plans too, with the same check.
    expect(new HtnPlanner(domain, { mode: 'best-first', delegates: { goap: twinGoap } }).plan(createState(schema)).status).toBe('found');
    expect(() => new HtnPlanner(domain, { mode: 'best-first', delegates: { goap } }).plan(createState(schema))).toThrow(/different layout/);
  });

  it('is reentrant: a delegate may plan with another planner over the same domain', () => {
    const inner = new HtnPlanner(domain, { delegates: { goap: () => found() } });
    const goap: SubPlanner = (state) => {
      const o = inner.plan(state);
      expect(names(o)).toEqual(['Sneak', 'Grab', 'Slam']);
      return found();
    };
    expect(names(new HtnPlanner(domain, { delegates: { goap } }).plan(createState(schema)))).toEqual(['Sneak', 'Grab', 'Slam']);
  });
});

describe('reentrancy', () => {
  it('planners sharing a domain do not interfere', () => {
    const domain = trollHtnDomain();
    const a = new HtnPlanner(domain);
    const b = new HtnPlanner(domain);
    const sa = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    const sb = createState(domain.schema, { WsHasSeenEnemyRecently: true });
    const pa = a.plan(sa);
    const pb = b.plan(sb);
    expect(names(pa)).toEqual(['FindTrunk', 'NavigateToTrunk', 'UprootTrunk', 'NavigateToEnemy', 'DoTrunkSlam', 'DoRecovery']);
    expect(names(pb)).toEqual(['NavToLastEnemyLoc', 'RegainLOSRoar']);
    expect(sa.get(domain.schema.keys.WsTrunkHealth)).toBe(0);
  });
});

describe('best-first mode (a heap of partial plans ordered by cost)', () => {
  const schema = defineSchema({ Open: bool() });
  const def = (cheapWorks: boolean) =>
    compileHtnDomain(
      defineActions(schema, [
        { name: 'Expensive', cost: 1 },
        { name: 'Cheap', cost: 1, conditions: cheapWorks ? [] : [{ key: 'Open', op: '==', value: true }] },
      ]),
      {
        root: 'Root',
        tasks: [
          {
            kind: 'compound',
            name: 'Root',
            methods: [
              { name: 'slow', cost: 5, subtasks: ['Expensive'] },
              { name: 'fast', subtasks: ['Cheap', 'Cheap'] },
            ],
          },
        ],
      },
    );

  it('returns the cheapest full decomposition, where ordered search returns the first', () => {
    const state = createState(schema);
    expect(names(new HtnPlanner(def(true)).plan(state))).toEqual(['Expensive']);
    const best = new HtnPlanner(def(true), { mode: 'best-first' }).plan(state);
    expect(names(best)).toEqual(['Cheap', 'Cheap']);
    expect(best.plan!.cost).toBe(2);
    expect(best.plan!.meta.mtr).toEqual([1]);
  });

  it('falls back to costlier branches when cheap ones fail', () => {
    expect(names(new HtnPlanner(def(false), { mode: 'best-first' }).plan(createState(schema)))).toEqual(['Expensive']);
  });

  it('on the troll, costs outrank method order: the one-step boulder throw beats the six-step trunk fetch', () => {
    const troll = trollHtnDomain();
    const state = createState(troll.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    const best = new HtnPlanner(troll, { mode: 'best-first' }).plan(state);
    expect(names(best)).toEqual(['ThrowBoulder', 'DoRecovery']);
    expect(best.plan!.meta.mtr).toEqual([0, 3]);
    expect(names(new HtnPlanner(troll).plan(state))).toHaveLength(6);
  });
});

describe('function costs (state, ctx) => number, as GOAP takes them', () => {
  const schema = defineSchema({ Done: bool() });
  const actions = defineActions(schema, [
    { name: 'Walk', effects: [set(schema.keys.Done, true)], cost: (_s: WorldState<any>, ctx: { far: number }) => ctx.far },
    { name: 'Ride', effects: [set(schema.keys.Done, true)], cost: 3 },
  ]);
  const domain = compileHtnDomain(actions, {
    root: 'Go',
    tasks: [{ kind: 'compound', name: 'Go', methods: [{ subtasks: ['Walk'] }, { subtasks: ['Ride'] }] }],
  });

  it('are evaluated once per plan against the start state and context, and reported on the steps', () => {
    const planner = new HtnPlanner(domain);
    const near = planner.plan(createState(schema), { far: 1 }).plan!;
    expect([near.cost, near.steps[0].cost]).toEqual([1, 1]);
    const far = planner.plan(createState(schema), { far: 7 }).plan!;
    expect([far.cost, far.steps[0].cost]).toEqual([7, 7]);
    expect(near.steps[0].cost).toBe(1); // a fresh result never changes afterwards
  });

  it('rank plans in best-first mode', () => {
    const planner = new HtnPlanner(domain, { mode: 'best-first' });
    expect(names(planner.plan(createState(schema), { far: 1 }))).toEqual(['Walk']);
    expect(names(planner.plan(createState(schema), { far: 9 }))).toEqual(['Ride']);
  });

  it('a NaN or negative cost is an INVALID_COST fault naming the action (contained: reported in the result, not thrown)', () => {
    const ordered = new HtnPlanner(domain).plan(createState(schema), { far: -1 });
    const best = new HtnPlanner(domain, { mode: 'best-first' }).plan(createState(schema), { far: NaN });
    for (const r of [ordered, best]) expect(r.faults).toEqual([expect.objectContaining({ code: 'INVALID_COST', subject: 'Walk', where: 'cost' })]);
  });
});
