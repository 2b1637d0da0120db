import { describe, expect, it } from '@jest/globals';
import { createState, noPlan, type SubPlanner } from '@dualplan/world-state';
import { compileHtnDomain, HtnPlanner } from '@dualplan/htn';
import { GoapPlanner } from '@dualplan/goap';
import { DOCUMENT_FIELDS, loadDomain, saveDomain, validateDocument, type DomainDocument, type DomainRegistry } from './index.js';

/** The planner's delegates for the document's delegate task (no method calls it: it plans nothing). */
const delegates: Record<string, SubPlanner> = { scouting: () => noPlan('nothing to scout') };

/** A document that uses every field of every kind of object the schema allows. */
const sink: DomainDocument = {
  $schema: '../domain.schema.json',
  name: 'sink',
  description: 'every field once',
  keys: [
    { name: 'ready', kind: 'bool', default: true },
    { name: 'hp', kind: 'int', min: 0, max: 9, default: 5, edge: 'error', slots: 2 },
    { name: 'mode', kind: 'enum', values: ['Calm', 'Angry'], default: 'Calm' },
    { name: 'weapon', kind: 'merged', values: ['Sword', 'Bow'], default: 'Bow' },
  ],
  sensors: ['mode'],
  actions: [
    {
      name: 'strike',
      operator: 'Attack',
      args: ['swing'],
      conditions: [{ key: 'hp', index: 1, op: '>', value: 0 }, { key: 'mode', op: 'in', value: ['Calm', 'Angry'] }, { opaque: 'inReach' }],
      effects: [{ key: 'hp', index: 1, op: 'sub', value: 1, edge: 'clamp' }],
      expectedEffects: [{ key: 'ready', op: 'set', value: false }],
      executing: [{ key: 'Sword', op: '==', value: true }],
      cost: { fn: 'effort' },
      interrupt: 'boundary',
    },
    { name: 'draw', conditions: [{ key: 'weapon', op: '==', value: 'Bow' }], effects: [{ key: 'weapon', op: 'set', value: 'Sword' }], cost: 1 },
    {
      name: 'rest',
      effects: [{ key: 'hp', index: 0, op: 'add', value: 1 }],
      decorators: { cooldown: 2, cooldownFrom: 'start', once: 'plan', checkEvery: 0.5, retries: 1 },
    },
  ],
  htn: {
    root: 'Fight',
    tasks: [
      {
        name: 'Fight',
        methods: [
          { name: 'Computed', conditions: [{ key: 'ready', op: '==', value: false }], subtasks: { fn: 'plan' }, cost: 1 },
          { name: 'Listed', subtasks: ['draw', { pause: true }, { task: 'strike', args: ['thrust'] }] },
          { name: 'Plugged', subtasks: ['Special'] },
        ],
      },
      {
        name: 'Pick',
        select: 'utility',
        methods: [
          { name: 'Scored', utility: { fn: 'score' }, subtasks: [{ optional: 'draw' }, { anyOrder: ['strike', { task: 'draw', args: [] }] }] },
          {
            name: 'Flat',
            utility: 1,
            subtasks: ['draw'],
            check: 'tick',
            repeat: { times: 2, while: [{ key: 'ready', op: '==', value: true }], check: 'plan' },
          },
        ],
      },
      {
        name: 'Roll',
        select: 'random',
        decorators: { cooldown: 4 },
        repeat: { times: 2 },
        adjustable: true,
        methods: [{ weight: 2, subtasks: ['draw'], decorators: { once: true } }],
      },
    ],
    parallel: [{ name: 'DrawWhileResting', primary: ['draw'], secondary: [{ optional: 'rest' }] }],
    slots: ['Special'],
    delegates: [{ name: 'Scout', delegate: 'scouting', args: [1] }],
  },
  goap: {
    goals: [
      {
        name: 'win',
        conditions: [{ key: 'hp', index: 1, op: '==', value: 4 }],
        priority: { fn: 'urgency' },
        valid: { fn: 'always' },
        cooldown: { failures: 2, window: 5, seconds: 3 },
        bestEffort: true,
        weights: [2],
      },
    ],
  },
};

const registry: DomainRegistry = {
  costs: { effort: () => 2 },
  checks: { inReach: () => true },
  subtasks: { plan: () => ['strike'] },
  priorities: { urgency: () => 7 },
  validity: { always: () => true },
  utilities: { score: () => 3 },
};

describe('a document with every field', () => {
  it('uses every field the schema lists (so this test covers them all)', () => {
    const used: Record<string, Set<string>> = {};
    const note = (kind: keyof typeof DOCUMENT_FIELDS, obj: object) => Object.keys(obj).forEach((k) => (used[kind] ??= new Set()).add(k));
    note('document', sink);
    sink.keys.forEach((k) => note('key', k));
    sink.actions.forEach((a) => {
      note('action', a);
      for (const c of [...(a.conditions ?? []), ...(a.executing ?? [])]) if (!('opaque' in c)) note('condition', c);
      for (const e of [...(a.effects ?? []), ...(a.expectedEffects ?? [])]) if (!('opaque' in e)) note('effect', e);
    });
    note('htn', sink.htn!);
    sink.htn!.tasks.forEach((t) => {
      note('compound', t);
      t.methods.forEach((m) => note('method', m));
    });
    sink.htn!.parallel!.forEach((p) => note('parallel', p));
    sink.htn!.delegates!.forEach((d) => note('delegate', d));
    note('goap', sink.goap!);
    sink.goap!.goals.forEach((g) => note('goal', g));
    for (const [kind, fields] of Object.entries(DOCUMENT_FIELDS)) expect([kind, [...(used[kind] ?? [])].sort()]).toEqual([kind, [...fields].sort()]);
  });

  it('validates, loads with every field in effect, and saves back to the same document', () => {
    expect(validateDocument(sink)).toEqual([]);
    const loaded = loadDomain(sink, registry);
    const strike = loaded.goap!.steps[0];
    expect([strike.operator, strike.args, strike.interrupt, strike.executing.describe(0), strike.expectedEffects.describe(0)]).toEqual([
      'Attack',
      ['swing'],
      'boundary',
      'weapon == Sword',
      'ready = false',
    ]);
    // Roll may be planned again alone while a plan runs (plan adjustment).
    expect(loaded.htn!.adjustable[loaded.htn!.taskId('Roll')]).toBe(1);
    const state = createState(loaded.schema, { ready: false });
    // The computed method runs the registry's subtask function; the dynamic cost applies.
    expect(new HtnPlanner(loaded.htn!, { delegates }).plan(state).plan?.steps.map((s) => s.task)).toEqual(['strike']);
    const goap = new GoapPlanner(loaded.goap!).plan(createState(loaded.schema), undefined, { goal: 'win' });
    expect([goap.plan?.steps.map((s) => s.task), goap.plan?.cost]).toEqual([['strike'], 2]);
    // The listed method stops at its pause point after drawing the sword.
    expect(new HtnPlanner(loaded.htn!, { delegates }).plan(createState(loaded.schema)).plan?.steps.map((s) => s.task)).toEqual(['draw']);
    // Utility select: Scored (3) beats Flat (1); with the optional draw the any-order group cannot be planned, so it is skipped.
    expect(new HtnPlanner(loaded.htn!, { delegates }).plan(createState(loaded.schema), undefined, { task: 'Pick' }).plan?.steps.map((s) => s.task)).toEqual([
      'strike',
      'draw',
    ]);
    // The slot is declared: empty, Fight cannot use it when drawing fails (a Sword already drawn); plugged, it can.
    const armed = createState(loaded.schema, { weapon: 'Sword' });
    const npc = new HtnPlanner(loaded.htn!, { delegates });
    expect(npc.plan(armed).status).toBe('none');
    npc.plug(
      'Special',
      compileHtnDomain(loaded.htn!.actions, {
        root: 'Stab',
        tasks: [{ kind: 'compound', name: 'Stab', methods: [{ subtasks: [{ task: 'strike', args: ['stab'] }] }] }],
      }),
    );
    expect(npc.plan(armed).plan?.steps.map((s) => [s.task, s.args])).toEqual([['strike', ['stab']]]);
    const saved = saveDomain(loaded.definitions, registry, { $schema: sink.$schema });
    expect(loadDomain(saved, registry).goap!.steps.map((s) => s.task)).toEqual(['strike', 'draw', 'rest']);
    // The parallel task: draw beside rest, one section.
    const both = new HtnPlanner(loaded.htn!, { delegates }).plan(createState(loaded.schema), undefined, { task: 'DrawWhileResting' }).plan!;
    expect([both.steps.map((s) => s.task), both.parallel]).toEqual([['draw', 'rest'], [{ task: 'DrawWhileResting', start: 0, split: 1, end: 2 }]]);
    expect(saved.htn).toEqual(sink.htn);
    // Slotted keys are saved in their `key[index]` form, which loads the same.
    expect(saved.goap).toEqual({ goals: [{ ...sink.goap!.goals[0], conditions: [{ key: 'hp[1]', op: '==', value: 4 }] }] });
  });
});
