// First-plan time in fresh processes: `npm run bench:cold [-- --runs N]`. Each run is a new Node process that
// loads the packages, compiles the soldier's GOAP domain, optionally calls `warmUp()`, then times its first plan;
// the parent reports the medians with and without the warm-up. Module load and domain compile are reported apart.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface ChildTimes {
  loadMs: number;
  compileMs: number;
  warmUpMs: number;
  firstPlanMs: number;
  secondPlanMs: number;
}

async function child(warm: boolean): Promise<void> {
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
  const times: ChildTimes = { loadMs: t1 - t0, compileMs: t2 - t1, warmUpMs: t3 - t2, firstPlanMs: t4 - t3, secondPlanMs: t5 - t4 };
  process.stdout.write(JSON.stringify(times));
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

function parent(runs: number): void {
  const script = fileURLToPath(import.meta.url);
  console.log(`GOAP soldier, first plan in a fresh process (median of ${runs} processes per row, alternating)`);
  console.log('');
  console.log('| warmUp() at load | module load ms | domain compile ms | warmUp ms | first plan µs | second plan µs |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const rows: Record<'cold' | 'warm', ChildTimes[]> = { cold: [], warm: [] };
  for (let r = 0; r < runs; r++) {
    for (const mode of ['cold', 'warm'] as const) rows[mode].push(JSON.parse(execFileSync(process.execPath, [script, '--child', mode], { encoding: 'utf8' })));
  }
  for (const mode of ['cold', 'warm'] as const) {
    const m = (k: keyof ChildTimes) => median(rows[mode].map((t) => t[k]));
    console.log(
      `| ${mode === 'warm' ? 'yes' : 'no'} | ${m('loadMs').toFixed(1)} | ${m('compileMs').toFixed(2)} | ${m('warmUpMs').toFixed(2)} | ${(m('firstPlanMs') * 1000).toFixed(0)} | ${(m('secondPlanMs') * 1000).toFixed(0)} |`,
    );
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') await child(argv[1] === 'warm');
else parent(argv[0] === '--runs' ? Number(argv[1]) : 15);
