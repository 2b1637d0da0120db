// First-plan time in fresh processes: `npm run bench:cold [-- --runs N]`. Each run is a new Node process that
// loads the packages, compiles a domain (the GOAP soldier or the HTN troll), optionally calls `warmUp()`, then
// times its first plan;
// the parent reports the medians with and without the warm-up. Module load and domain compile are reported apart.
// A second table does the same for the first search on each classic planning-competition task in
// `../shared/ipc/pddl` (when that folder is beside the clone), against the same process's warm median.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ChildTimes {
  loadMs: number;
  compileMs: number;
  warmUpMs: number;
  firstPlanMs: number;
  secondPlanMs: number;
}

type Domain = 'soldier' | 'troll';

async function child(domain: Domain, warm: boolean): Promise<void> {
  process.stdout.write(JSON.stringify(domain === 'soldier' ? await soldier(warm) : await troll(warm)));
}

async function troll(warm: boolean): Promise<ChildTimes> {
  const t0 = performance.now();
  const { HtnPlanner } = await import('@dualplan/htn');
  const { trollHtnDomain } = await import('@dualplan/htn/examples');
  const { createState } = await import('@dualplan/world-state');
  const t1 = performance.now();
  const domain = trollHtnDomain();
  const planner = new HtnPlanner(domain);
  const state = createState(domain.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
  const t2 = performance.now();
  if (warm) planner.warmUp(state);
  const t3 = performance.now();
  const first = planner.plan(state);
  const t4 = performance.now();
  planner.plan(state);
  const t5 = performance.now();
  if (first.status !== 'found') throw new Error(`first plan: ${first.status}`);
  return { loadMs: t1 - t0, compileMs: t2 - t1, warmUpMs: t3 - t2, firstPlanMs: t4 - t3, secondPlanMs: t5 - t4 };
}

async function soldier(warm: boolean): Promise<ChildTimes> {
  const t0 = performance.now();
  const { GoapPlanner } = await import('@dualplan/goap');
  const { soldierGoapDomain } = await import('@dualplan/goap/examples');
  const { createState } = await import('@dualplan/world-state');
  const t1 = performance.now();
  const domain = soldierGoapDomain();
  const planner = new GoapPlanner(domain);
  const state = createState(domain.schema);
  const t2 = performance.now();
  if (warm) planner.warmUp(state);
  const t3 = performance.now();
  const first = planner.plan(state, undefined, { goal: 'killEnemy' });
  const t4 = performance.now();
  planner.plan(state, undefined, { goal: 'killEnemy' });
  const t5 = performance.now();
  if (first.status !== 'found') throw new Error(`first plan: ${first.status}`);
  return { loadMs: t1 - t0, compileMs: t2 - t1, warmUpMs: t3 - t2, firstPlanMs: t4 - t3, secondPlanMs: t5 - t4 };
}

interface PddlChildTimes {
  compileMs: number;
  warmUpMs: number;
  firstSearchMs: number;
  warmMedianMs: number;
  expansions: number;
}

/** The classic tasks read from `../shared/ipc/pddl` beside the clone (never copied into the repository): domain, task number. */
function ipcTasks(): { label: string; files: [string, string] }[] {
  const dir = join(import.meta.dirname, '..', '..', '..', 'shared', 'ipc', 'pddl');
  if (!existsSync(dir)) return [];
  const counts = [
    ['blocks', 10],
    ['gripper', 5],
    ['logistics', 3],
    ['miconic', 5],
  ] as const;
  return counts.flatMap(([domain, n]) =>
    Array.from({ length: n }, (_, k) => ({
      label: `${domain} ${k + 1}`,
      files: [join(dir, domain, 'domain.pddl'), join(dir, domain, `task${String(k + 1).padStart(2, '0')}.pddl`)] as [string, string],
    })),
  );
}

/**
 * One fresh process: import and compile the task (reported apart), optionally call `warmUp()` (which runs the
 * planner's code on a scratch domain, then searches once for each of the task's goals), time the first search,
 * then the median of 15 more.
 */
async function pddlChild(domainFile: string, taskFile: string, warmUp: boolean): Promise<void> {
  const { importPddl } = await import('@dualplan/pddl');
  const { GoapPlanner } = await import('@dualplan/goap');
  const { createState } = await import('@dualplan/world-state');
  const domainText = readFileSync(domainFile, 'utf8');
  const taskText = readFileSync(taskFile, 'utf8');
  const t0 = performance.now();
  const imp = importPddl(domainText, taskText);
  const planner = new GoapPlanner(imp.goap);
  const state = createState(imp.schema);
  const t1 = performance.now();
  if (warmUp) planner.warmUp(state);
  const tw = performance.now();
  const first = planner.search(state, imp.goalName);
  const t2 = performance.now();
  if (first.status !== 'found') throw new Error(`first search: ${first.status}`);
  const warm: number[] = [];
  for (let i = 0; i < 15; i++) {
    const a = performance.now();
    const r = planner.search(state, imp.goalName);
    warm.push(performance.now() - a);
    if (r.cost !== first.cost) throw new Error(`search ${i + 2} cost ${r.cost}, first ${first.cost}`);
  }
  const times: PddlChildTimes = { compileMs: t1 - t0, warmUpMs: tw - t1, firstSearchMs: t2 - tw, warmMedianMs: median(warm), expansions: first.expanded };
  process.stdout.write(JSON.stringify(times));
}

function pddlParent(script: string, runs: number): void {
  const tasks = ipcTasks();
  if (tasks.length === 0) return;
  console.log('');
  console.log(
    `First search on each classic competition task in a fresh process, default settings, without and with \`warmUp()\` (median of ${runs} processes per row; the ratio is each process's first search over its own warm median)`,
  );
  console.log('');
  console.log('| task | expansions | import and compile ms | first search ms | warm median ms | first / warm | warmUp ms | first after warmUp / warm |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const rows = tasks.map(() => ({ cold: [] as PddlChildTimes[], warm: [] as PddlChildTimes[] }));
  const run = (files: [string, string], mode: 'cold' | 'warm'): PddlChildTimes =>
    JSON.parse(execFileSync(process.execPath, [script, '--pddl-child', ...files, mode], { encoding: 'utf8' }));
  for (let r = 0; r < runs; r++)
    tasks.forEach((t, i) => {
      rows[i].cold.push(run(t.files, 'cold'));
      rows[i].warm.push(run(t.files, 'warm'));
    });
  tasks.forEach((t, i) => {
    const { cold, warm } = rows[i];
    const m = (xs: PddlChildTimes[], k: keyof PddlChildTimes) => median(xs.map((x) => x[k]));
    const ratio = (xs: PddlChildTimes[]) => median(xs.map((x) => x.firstSearchMs / x.warmMedianMs)).toFixed(1);
    console.log(
      `| ${t.label} | ${m(cold, 'expansions')} | ${m(cold, 'compileMs').toFixed(2)} | ${m(cold, 'firstSearchMs').toFixed(3)} | ${m(cold, 'warmMedianMs').toFixed(3)} | ${ratio(cold)} | ${m(warm, 'warmUpMs').toFixed(1)} | ${ratio(warm)} |`,
    );
  });
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

function parent(runs: number): void {
  const script = fileURLToPath(import.meta.url);
  console.log(`First plan in a fresh process (median of ${runs} processes per row, the rows alternating)`);
  console.log('');
  console.log('| domain | warmUp() at load | node flags | module load ms | domain compile ms | warmUp ms | first plan µs | second plan µs |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const rows = new Map<string, ChildTimes[]>();
  // Without warmUp() also under `--no-lazy` (every function compiled while the modules load): what the first plan
  // pays for compiling functions on their first call.
  const modes = [
    { mode: 'cold', flags: [] },
    { mode: 'cold', flags: ['--no-lazy'] },
    { mode: 'warm', flags: [] },
  ] as const;
  const configs = (['soldier', 'troll'] as const).flatMap((domain) => modes.map((m) => ({ domain, ...m, key: `${domain} ${m.mode} ${m.flags.join(' ')}` })));
  for (const c of configs) rows.set(c.key, []);
  for (let r = 0; r < runs; r++) {
    for (const c of configs)
      rows.get(c.key)!.push(JSON.parse(execFileSync(process.execPath, [...c.flags, script, '--child', c.domain, c.mode], { encoding: 'utf8' })));
  }
  for (const c of configs) {
    const m = (k: keyof ChildTimes) => median(rows.get(c.key)!.map((t) => t[k]));
    console.log(
      `| ${c.domain === 'soldier' ? 'GOAP soldier' : 'HTN troll'} | ${c.mode === 'warm' ? 'yes' : 'no'} | ${c.flags.length === 0 ? '–' : c.flags.join(' ')} | ${m('loadMs').toFixed(1)} | ${m('compileMs').toFixed(2)} | ${m('warmUpMs').toFixed(2)} | ${(m('firstPlanMs') * 1000).toFixed(0)} | ${(m('secondPlanMs') * 1000).toFixed(0)} |`,
    );
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') await child(argv[1] as Domain, argv[2] === 'warm');
else if (argv[0] === '--pddl-child') await pddlChild(argv[1], argv[2], argv[3] === 'warm');
else {
  const runs = argv[0] === '--runs' ? Number(argv[1]) : 15;
  parent(runs);
  pddlParent(fileURLToPath(import.meta.url), Math.min(runs, 5));
}
