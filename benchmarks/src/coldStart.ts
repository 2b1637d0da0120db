// First-plan time in fresh processes: `npm run bench:cold [-- --runs N]`. Each run is a new Node process that
// loads the packages, compiles a domain (the GOAP soldier or the HTN troll), optionally calls `warmUp()`, then
// times its first plan;
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

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

function parent(runs: number): void {
  const script = fileURLToPath(import.meta.url);
  console.log(`First plan in a fresh process (median of ${runs} processes per row, the rows alternating)`);
  console.log('');
  console.log('| domain | warmUp() at load | module load ms | domain compile ms | warmUp ms | first plan µs | second plan µs |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const rows = new Map<string, ChildTimes[]>();
  const configs = (['soldier', 'troll'] as const).flatMap((domain) => (['cold', 'warm'] as const).map((mode) => ({ domain, mode, key: `${domain} ${mode}` })));
  for (const c of configs) rows.set(c.key, []);
  for (let r = 0; r < runs; r++) {
    for (const c of configs) rows.get(c.key)!.push(JSON.parse(execFileSync(process.execPath, [script, '--child', c.domain, c.mode], { encoding: 'utf8' })));
  }
  for (const c of configs) {
    const m = (k: keyof ChildTimes) => median(rows.get(c.key)!.map((t) => t[k]));
    console.log(
      `| ${c.domain === 'soldier' ? 'GOAP soldier' : 'HTN troll'} | ${c.mode === 'warm' ? 'yes' : 'no'} | ${m('loadMs').toFixed(1)} | ${m('compileMs').toFixed(2)} | ${m('warmUpMs').toFixed(2)} | ${(m('firstPlanMs') * 1000).toFixed(0)} | ${(m('secondPlanMs') * 1000).toFixed(0)} |`,
    );
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') await child(argv[1] as Domain, argv[2] === 'warm');
else parent(argv[0] === '--runs' ? Number(argv[1]) : 15);
