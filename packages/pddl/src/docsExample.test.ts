import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GoapPlanner } from '@dualplan/goap';
import { importPddl, solveExhaustive, GRIPPER_DOMAIN, gripperProblem } from './index.js';

// The worked example of docs/pddl.md, verbatim between the markers, then checked.
test('the docs/pddl.md worked example runs as written and prints what the doc shows', () => {
  const lines: string[] = [];
  const log = (...xs: unknown[]) => lines.push(xs.join(' '));
  // --- docs/pddl.md ---
  const p = importPddl(GRIPPER_DOMAIN, gripperProblem({ balls: 2 }));
  log(p.task.atoms.length, 'atoms,', p.schema.size, 'keys,', p.actions.length, 'actions');
  for (const g of p.groups) log(g.name, g.exactlyOne ? '(exactly one)' : '(at most one)');

  const planner = new GoapPlanner(p.goap, { weight: 0, maxExpansions: 100_000 });
  const result = planner.plan(p.start, undefined, { goal: p.goalName });
  log(result.status, 'cost', result.plan?.cost);
  for (const step of result.plan?.steps ?? []) log(step.task);

  log('exhaustive optimum:', solveExhaustive(p.task)?.cost);
  // --- end ---
  const doc = readFileSync(join(__dirname, '../../../docs/pddl.md'), 'utf8');
  const own = readFileSync(__filename, 'utf8');
  const code = own
    .slice(own.indexOf('// --- docs/pddl.md ---\n') + 24, own.indexOf('  // --- end ---'))
    .replace(/^ {2}/gm, '')
    .trim();
  expect(doc).toContain(code);
  const shown = doc
    .slice(doc.indexOf('```text output\n') + 15)
    .split('```')[0]
    .trim()
    .split('\n');
  expect(lines).toEqual(shown);
});
