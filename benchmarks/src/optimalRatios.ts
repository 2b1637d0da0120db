// `optimal: true` against the best of its alternatives, per classic instance: `npm run bench:optimal [-- --filter RE]`
// (RE picks the instances whose label it matches, a number in it a whole number).
// For each instance: blind forward search, LM-cut forward and backward, the `'admissible'` heuristic forward (the
// pattern database where one fits, else the phases of `AdaptiveAdmissible`) and `optimal: true` as users write it.
// First search: a fresh planner on a freshly imported domain (tables built in that search), the median of three
// (`--first-runs`), in one process whose code is already warm. Warm: the median of alternating rounds on the same planners. Printed as a
// Markdown table of the preset's time over the best alternative's, with the load average.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GoapPlanner, type GoapPlannerOptions } from '@dualplan/goap';
import { importPddl, type PddlImport } from '@dualplan/pddl';
import { createState } from '@dualplan/world-state';
import type { PddlInstance } from './suites/pddlCases.js';
import { blocks, gripper, logistics, miconic } from './suites/pddlInstances.js';

const SEARCHES: Record<string, GoapPlannerOptions> = {
  blind: { mode: 'forward', weight: 0 },
  'LM-cut fwd': { mode: 'forward', heuristic: 'lmcut' },
  'LM-cut bwd': { mode: 'backward', heuristic: 'lmcut' },
  'PDB/phases fwd': { mode: 'forward', optimal: true },
  'optimal: true': { optimal: true },
};
const PRESET = 'optimal: true';
const BUDGET = { maxExpansions: 2_000_000, timeBudgetMs: 5_000, maxNodes: 1 << 23, maxPlanLength: 256 };

interface Task {
  label: string;
  load: () => PddlImport;
}

const generated = (i: PddlInstance, mutexGroups = true): Task => ({
  label: mutexGroups ? i.label : `${i.label} (bools)`,
  load: () => importPddl(i.domain, i.problem(), { mutexGroups }),
});

/** The IPC tasks in `../shared/ipc/pddl` beside the clone, when that folder is there (never copied into the repository). */
function ipcTasks(): Task[] {
  const dir = join(import.meta.dirname, '..', '..', '..', 'shared', 'ipc', 'pddl');
  if (!existsSync(dir)) return [];
  const tasks: Task[] = [];
  for (const [domain, n] of [
    ['blocks', 10],
    ['gripper', 5],
    ['logistics', 3],
    ['miconic', 5],
  ] as const) {
    for (let i = 1; i <= n; i++) {
      const files = [join(dir, domain, 'domain.pddl'), join(dir, domain, `task${String(i).padStart(2, '0')}.pddl`)];
      for (const mutexGroups of [true, false])
        tasks.push({
          label: `ipc ${domain} ${i}${mutexGroups ? '' : ' (bools)'}`,
          load: () => importPddl(readFileSync(files[0], 'utf8'), readFileSync(files[1], 'utf8'), { mutexGroups }),
        });
    }
  }
  return tasks;
}

function tasks(): Task[] {
  const list = [blocks(4), blocks(6), blocks(7), blocks(8), blocks(10), gripper(4), gripper(6), gripper(8), gripper(10)];
  list.push(logistics(2, 2, 2), logistics(3, 3, 3), logistics(3, 3, 7), miconic(6, 4), miconic(8, 6), miconic(10, 8));
  return [...list.flatMap((i) => [generated(i), generated(i, false)]), ...ipcTasks()];
}

/** Milliseconds of one search, or NaN when it found no plan within the budget. */
function timed(planner: GoapPlanner, imp: PddlImport): number {
  const t0 = performance.now();
  const r = planner.search(createState(imp.schema), imp.goalName);
  const ms = performance.now() - t0;
  return r.status === 'found' ? ms : NaN;
}

function row(task: Task, rounds: number, firstRuns: number): string {
  const names = Object.keys(SEARCHES);
  const firsts: number[][] = names.map(() => []);
  const planners: GoapPlanner[] = [];
  let imp: PddlImport | null = null;
  // Each first search on a fresh import (its tables unbuilt), the configurations alternating; a single one is at the
  // mercy of a collection or a compile, so the median of `firstRuns`, except past a second (nothing that long is).
  for (let run = 0; run < firstRuns; run++) {
    // Each run starts at another configuration: garbage of the imports before builds up for whichever comes later.
    for (let i = 0; i < names.length; i++) {
      const k = (i + run) % names.length;
      const name = names[k];
      if (run > 0 && !(firsts[k][0] < 1000)) continue;
      imp = task.load();
      const t0 = performance.now();
      const planner = new GoapPlanner(imp.goap, { ...BUDGET, ...SEARCHES[name] });
      const ms = timed(planner, imp);
      firsts[k].push(Number.isNaN(ms) ? NaN : performance.now() - t0);
      planners[k] = planner;
    }
  }
  const median = (xs: number[]) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[xs.length >> 1]);
  const first = firsts.map((xs) => (xs.some(Number.isNaN) ? NaN : median(xs)));
  const warm: number[][] = names.map(() => []);
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so a drift within a round favours none.
    const order = round % 2 === 0 ? names.keys() : [...names.keys()].reverse();
    for (const k of order) if (!Number.isNaN(first[k])) warm[k].push(timed(planners[k], imp!));
  }
  const warmMs = warm.map(median);
  const p = names.indexOf(PRESET);
  const best = (xs: number[]) => Math.min(...xs.filter((x, k) => k !== p && !Number.isNaN(x)));
  const fmt = (x: number) => (Number.isNaN(x) ? 'budget' : x < 10 ? x.toFixed(2) : x.toFixed(0));
  const cells = names.map((_, k) => `${fmt(first[k])} / ${fmt(warmMs[k])}`);
  return `| ${task.label} | ${cells.join(' | ')} | ${(first[p] / best(first)).toFixed(2)} | ${(warmMs[p] / best(warmMs)).toFixed(2)} |`;
}

const { values } = parseArgs({ options: { filter: { type: 'string' }, rounds: { type: 'string' }, 'first-runs': { type: 'string' } } });
// A number in the filter matches whole numbers only: `--filter 'blocks [123]'` picks blocks 1-3, not blocks 10.
const filter = values.filter === undefined ? null : new RegExp(`(?<![0-9])(?:${values.filter})(?![0-9])`, 'i');
const rounds = Number(values.rounds ?? 7);
const firstRuns = Number(values['first-runs'] ?? 3);
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ms, first search / warm median; ratio: optimal: true over the best other`,
);
console.log(`| task | ${Object.keys(SEARCHES).join(' | ')} | first ratio | warm ratio |`);
console.log(`| --- |${' --- |'.repeat(Object.keys(SEARCHES).length + 2)}`);
for (const task of tasks()) if (filter === null || filter.test(task.label)) console.log(row(task, rounds, firstRuns));
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
