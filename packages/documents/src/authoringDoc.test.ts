import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { add, bool, createState, type WorldState, defineActions, defineSchema, eq, ge, int, set } from '@dualplan/world-state';
import { compileGoapDomain, type GoapDomain } from '@dualplan/goap';
import { compileHtnDomain, type HtnDomain } from '@dualplan/htn';
import { HtnPlanner } from '@dualplan/htn';
import { GoapPlanner } from '@dualplan/goap';
import { lintDomain, loadDomain } from './index.js';

const DOC = readFileSync(join(__dirname, '../../../docs/authoring.md'), 'utf8');

describe('docs/authoring.md', () => {
  it('its domain file loads, lints clean and plans on both planners', () => {
    const json = /```json\n([\s\S]*?)```/.exec(DOC)![1];
    const { schema, htn, goap } = loadDomain(json);
    expect(lintDomain(json)).toEqual([]);
    const state = createState(schema);
    expect(new HtnPlanner(htn!).plan(state).plan?.steps.map((s) => s.task)).toEqual(['getAxe', 'chop', 'light']);
    expect(new GoapPlanner(goap!).plan(state, undefined, { goal: 'warm' }).plan?.cost).toBe(4);
  });

  it('lists every lint code the linter has', () => {
    const codes = [...DOC.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const source = readFileSync(join(__dirname, 'LintFinding.ts'), 'utf8');
    const declared = [...(/export type LintCode =([^;]+);/.exec(source)![1].matchAll(/'([A-Z_]+)'/g))].map((m) => m[1]);
    expect(codes).toEqual(declared);
  });

  it('its TypeScript action set is this test, and plans as its domain file does', () => {
    // --- begin doc example (docs/authoring.md, "One action set, both planners")
    const schema = defineSchema({ hasAxe: bool(), wood: int(0, 10), fire: bool() });
    const k = schema.keys;
    const actions = defineActions(schema, [
      { name: 'getAxe', conditions: [eq(k.hasAxe, false)], effects: [set(k.hasAxe, true)], cost: 2 },
      { name: 'chop', conditions: [eq(k.hasAxe, true)], effects: [add(k.wood, 5)] },
      { name: 'light', conditions: [ge(k.wood, 5)], effects: [set(k.fire, true)] },
    ]);
    const goap = compileGoapDomain(actions, { goals: [{ name: 'warm', conditions: [eq(k.fire, true)] }] });
    const htn = compileHtnDomain(actions, {
      root: 'MakeFire',
      tasks: [{ kind: 'compound', name: 'MakeFire', methods: [{ conditions: [ge(k.wood, 5)], subtasks: ['light'] }, { subtasks: ['getAxe', 'chop', 'light'] }] }],
    });
    // --- end doc example
    const self = readFileSync(join(__dirname, 'authoringDoc.test.ts'), 'utf8');
    const example = /--- begin doc example.*\n([\s\S]*?)\n\s*\/\/ --- end doc example/.exec(self)![1].replace(/^ {4}/gm, '');
    expect(DOC).toContain(example);
    const file = loadDomain(/```json\n([\s\S]*?)```/.exec(DOC)![1]);
    const plans = (h: HtnDomain, g: GoapDomain, state: WorldState) => [
      new HtnPlanner(h).plan(state).plan?.steps.map((s) => s.task),
      new GoapPlanner(g).plan(state, undefined, { goal: 'warm' }).plan?.steps.map((s) => s.task),
    ];
    expect(plans(file.htn!, file.goap!, createState(file.schema))).toEqual(plans(htn as HtnDomain, goap, createState(schema)));
  });
});
