import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createState } from '@dualplan/world-state';
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
    const source = readFileSync(join(__dirname, 'lintDomain.ts'), 'utf8');
    const declared = [...(/export type LintCode =([^;]+);/.exec(source)![1].matchAll(/'([A-Z_]+)'/g))].map((m) => m[1]);
    expect(codes).toEqual(declared);
  });
});
