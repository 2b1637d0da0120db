import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

// The runner's folders, lowest first. sharing/ (plan cache, squads) and scheduling/ (time-sliced planning, the
// urgency queue) are planner wrappers side by side, importing neither each other nor anything above; pool/ (worker
// pool) builds on both. Then the runner itself, one role per folder: contract/ (what user code implements and sees:
// operators, sensors, the agent view, the fault vocabulary), events/ (the events, statistics and their formatting),
// faults/ (calling user code: the re-entrancy guard, containing and reporting faults, guarded planner calls, the
// fault injector), execution/ (running a plan's steps and its parallel sections), replanning/ (when to replan and
// taking a planner's answer), agent/ (PlanRunner, which drives all of them through one tick, and Agent). The root
// holds the public entry (index.ts) on top and RunnerError.ts, a leaf every layer may import. testing/ holds test
// fakes and is not a layer.
const RANK: Record<string, number> = {
  sharing: 0,
  scheduling: 0,
  pool: 1,
  contract: 2,
  events: 3,
  faults: 4,
  execution: 5,
  replanning: 6,
  agent: 7,
  '.': 8,
};
const LEAVES = new Set(['RunnerError.ts']);

const root = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') ? [relative(root, path)] : [];
  });
}

/** Every relative import and re-export of `file`, type-only ones included (they are dependencies too). */
function importsOf(file: string): { from: string; to: string }[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)';/gms)].map((m) => ({
    from: file,
    to: normalize(join(dirname(file), m[1].replace(/\.js$/, '.ts'))),
  }));
}

const folderOf = (file: string): string => (file.includes('/') ? file.split('/')[0] : '.');

describe('runner package layers', () => {
  const files = sourceFiles(root);
  const edges = files.flatMap(importsOf);

  it('reads the source files and their imports', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'agent/PlanRunner.ts',
        'replanning/ReplanState.ts',
        'execution/StepExecution.ts',
        'pool/PlannerPool.ts',
        'scheduling/UrgencyQueue.ts',
        'sharing/Squad.ts',
      ]),
    );
    expect(Object.keys(RANK)).toEqual(expect.arrayContaining([...new Set(files.map(folderOf))]));
    expect(edges.some((e) => e.from === 'pool/PoolLane.ts' && e.to === 'scheduling/UrgencyQueue.ts')).toBe(true);
    expect(edges.some((e) => e.from === 'agent/PlanRunner.ts' && e.to === 'execution/StepExecution.ts')).toBe(true);
  });

  it('keeps the root for the public entry and the leaves', () => {
    expect(files.filter((f) => folderOf(f) === '.').sort()).toEqual(['RunnerError.ts', 'index.ts']);
  });

  it('imports only from its own folder, lower folders and the leaves', () => {
    const upward = edges.filter((e) => {
      if (LEAVES.has(e.to)) return false;
      const from = folderOf(e.from);
      const to = folderOf(e.to);
      return from !== to && RANK[to] >= RANK[from];
    });
    expect(upward.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });
});
