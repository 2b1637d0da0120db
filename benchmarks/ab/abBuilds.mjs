// Paired A/B of two builds of dualplan in one process: the same cases planned by this checkout's built packages
// (A) and by another checkout's (B, usually the commit before a change), in alternating rounds, reporting the median
// of per-round time ratios A/B and the GC count of each side. Plans are compared before timing: a case whose two
// builds plan differently is reported and not timed.
//
//   node scripts/build.mjs --quiet                           # build A (this checkout)
//   git worktree add /tmp/base <rev> && (cd /tmp/base && npm ci && node scripts/build.mjs --quiet)   # build B
//   node --expose-gc benchmarks/ab/abBuilds.mjs --base /tmp/base [--only soldier,troll] [--ms 1500]
//
// Cases: the GOAP soldier, fire and chain(100) (backward, defaults), the HTN troll and the NPC with its sword slot,
// HTN blocks world 19, blind forward search on gripper with 10 balls (generated) and the planning-competition blocks
// task 7 (from ../shared/ipc); and the runner's tick: tick10k, 10,000 troll agents whose operators keep running (one
// tick of all, no planning: the steady state), and tickTimed, 1,000 troll agents whose operators take 1 to 4 ticks
// (start, then update), so plans finish, fail and are replaced through the whole tick path. Named only (--only):
// lmcut4..lmcut10 and lmcutFwd4/7/10, LM-cut evaluations alone on blocks world (see `lmcutCase`). A tick case compares
// the agents' summed runner stats after its warm-up instead of a plan, and both builds tick in lockstep.
// Position bias: in A/A runs of tick10k (two copies of one build) the side loaded first measured 1.02-1.15x
// slower. `--both` cancels it: it runs every case in two fresh processes, one loading A first and one loading B
// first (`--first`), and reports each case's ratio A/B in both and their geometric mean.
import { parseArgs } from 'node:util';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PerformanceObserver } from 'node:perf_hooks';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    only: { type: 'string' },
    ms: { type: 'string', default: '1500' },
    first: { type: 'string', default: 'A' },
    both: { type: 'boolean', default: false },
  },
});
if (!values.base) throw new Error('--base <checkout> is required: the other build (with its packages/*/dist built)');
const here = resolve(new URL('../..', import.meta.url).pathname);
const roots = { A: here, B: resolve(values.base) };
const budgetMs = Number(values.ms);

async function load(root) {
  const dist = (pkg, entry = 'index.js') => {
    const file = join(root, 'packages', pkg, 'dist', entry);
    if (!existsSync(file)) throw new Error(`${file} is missing: build that checkout first (node scripts/build.mjs --quiet)`);
    return import(pathToFileURL(file).href);
  };
  return {
    ws: await dist('world-state'),
    wsx: await dist('world-state', 'examples/index.js'),
    goap: await dist('goap'),
    goapx: await dist('goap', 'examples/index.js'),
    htn: await dist('htn'),
    htnx: await dist('htn', 'examples/index.js'),
    pddl: await dist('pddl'),
    runner: await dist('runner'),
  };
}

const ipc = (domain, task) => {
  const dir = join(here, '..', 'shared', 'ipc', 'pddl', domain);
  return [readFileSync(join(dir, 'domain.pddl'), 'utf8'), readFileSync(join(dir, `${task}.pddl`), 'utf8')];
};

/** Varied troll agents (as benchmarks/src/suites/agentsSuite.ts), deterministic, with `operator` for every step. */
function trollAgents(l, n, operator) {
  const { createAgent } = l.runner;
  // One HtnPlanner for all; an htnAgentPlanner per agent (it plans into buffers of its own agent's).
  const htn = new l.htn.HtnPlanner(l.htnx.trollHtnDomain());
  const schema = l.wsx.trollSchema();
  const operators = Object.fromEntries(Object.values(l.wsx.TrollOperator).map((op) => [op, operator]));
  const agents = [];
  for (let i = 0; i < n; i++) {
    const state = l.ws.createState(schema, {
      WsCanSeeEnemy: i % 3 !== 0,
      WsHasSeenEnemyRecently: i % 5 === 0,
      WsTrunkHealth: i % 4,
      WsPowerUp: i % 4 === 3 ? 3 : 0,
    });
    agents.push(createAgent({ id: `troll${i}`, state, ctx: {}, planner: l.htn.htnAgentPlanner(htn), operators }));
  }
  return agents;
}

const STAT_KEYS = [
  'planCalls',
  'plansFound',
  'replans',
  'replaced',
  'replansSkipped',
  'plansFinished',
  'plansFailed',
  'stepsStarted',
  'stepsSucceeded',
  'stepsFailed',
  'stepsAborted',
];

/** A tick case: `ticks` warm-up ticks, then the summed runner stats as its "plan"; run = one tick of every agent. */
function tickCase(agents, ticks) {
  // dt arrives as a value, as from a game loop (a literal would be folded into a double re-boxed per call).
  const frame = { dt: 1 / 60 };
  const run = () => {
    const dt = frame.dt;
    for (let i = 0; i < agents.length; i++) agents[i].tick(dt);
  };
  const check = () => {
    for (let t = 0; t < ticks; t++) run();
    // The counts every build has (a newer build may count more; planTimeTotal is a time).
    const sum = Object.fromEntries(STAT_KEYS.map((k) => [k, 0]));
    for (const a of agents) for (const r of a.runners) for (const k of STAT_KEYS) sum[k] += r.stats[k];
    return sum;
  };
  return { run, check };
}

/** Nodes of the LM-cut evaluation cases, by mode and size: taken from the first build's search, given to both. */
const lmcutNodes = new Map();

/**
 * LM-cut evaluations alone on blocks world of `n` blocks (seed 1), as the suite's `blocks n LM-cut evaluations`:
 * backward, the first 2,000 regressed goals an LM-cut search stores; forward, the first 2,000 states. One run
 * prepares the heuristic and estimates every node; the check is the sum of the estimates (equal values in both).
 */
function lmcutCase(l, n, mode) {
  const imp = l.pddl.importPddl(l.pddl.BLOCKS_DOMAIN, l.pddl.blocksProblem({ blocks: n, seed: 1 }));
  const p = new l.goap.GoapPlanner(imp.goap, {
    mode,
    heuristic: 'lmcut',
    maxExpansions: mode === 'backward' ? 3000 : 400,
    maxNodes: 1 << 22,
    maxPlanLength: 256,
  });
  p.search(l.ws.createState(imp.schema), imp.goalName);
  const engine = p.engine;
  const key = `${mode} ${n}`;
  if (!lmcutNodes.has(key)) {
    const space = engine.space;
    const nodes = [];
    for (let i = 0; i < space.count && nodes.length < 2000; i++)
      if (space.base[i] >= 0) nodes.push({ words: space.words.slice(space.base[i], space.base[i] + space.width), unsat: space.unsat[i] });
    lmcutNodes.set(key, nodes);
  }
  const nodes = lmcutNodes.get(key);
  const h = engine.estimator;
  const run = () => {
    let sum = 0;
    h.prepare(engine);
    for (const node of nodes) sum += h.estimate(engine, node.words, 0, node.unsat);
    return sum;
  };
  return { run, check: () => `${nodes.length} nodes, sum ${run()}` };
}

/** Each case: build(lib) => () => names[] (or { run, check }) with everything set up outside the timed call. */
const CASES = {
  ...Object.fromEntries([4, 5, 6, 7, 8, 9, 10].map((n) => [`lmcut${n}`, (l) => lmcutCase(l, n, 'backward')])),
  ...Object.fromEntries([4, 7, 10].map((n) => [`lmcutFwd${n}`, (l) => lmcutCase(l, n, 'forward')])),
  soldier: (l) => {
    const d = l.goapx.soldierGoapDomain();
    const p = new l.goap.GoapPlanner(d);
    const s = l.ws.createState(d.schema);
    const out = new l.ws.PlanBuffer();
    return () => p.plan(s, undefined, { out }).plan?.steps.map((x) => x.task);
  },
  fire: (l) => {
    const d = l.goapx.fireDomain();
    const p = new l.goap.GoapPlanner(d);
    const s = l.ws.createState(d.schema);
    const out = new l.ws.PlanBuffer();
    return () => p.plan(s, undefined, { out }).plan?.steps.map((x) => x.task);
  },
  chain100: (l) => {
    const d = l.goapx.chainDomain(100);
    // As the benchmark suite's chain(100): the additive heuristic is exact here (the count explores ~2^k goals and
    // runs out of budget, which is not worth timing).
    const p = new l.goap.GoapPlanner(d, { heuristic: 'additive', maxExpansions: 1e6, maxPlanLength: 256 });
    const s = l.ws.createState(d.schema);
    const out = new l.ws.PlanBuffer();
    return () => p.plan(s, undefined, { out }).plan?.steps.length;
  },
  troll: (l) => {
    const p = new l.htn.HtnPlanner(l.htnx.trollHtnDomain());
    const s = l.ws.createState(l.wsx.trollSchema(), { WsCanSeeEnemy: true, WsTrunkHealth: 3, WsCanNavigateToEnemy: true });
    const out = new l.ws.PlanBuffer();
    return () => p.plan(s, undefined, { out }).plan?.steps.map((x) => x.task);
  },
  npc: (l) => {
    const actions = l.htnx.npcActions();
    const p = new l.htn.HtnPlanner(l.htnx.npcHtnDomain(actions));
    p.plug('Combat', l.htnx.swordCombatDomain(actions));
    const s = l.ws.createState(actions.schema, { EnemyNear: true, HasWeapon: true });
    const out = new l.ws.PlanBuffer();
    return () => p.plan(s, undefined, { out }).plan?.steps.map((x) => x.task);
  },
  blocks19: (l) => {
    const prob = l.htnx.blocksProblem(19, 1);
    const p = new l.htn.HtnPlanner(prob.domain);
    const out = new l.ws.PlanBuffer();
    return () => p.plan(prob.state, undefined, { ...prob.request, out }).plan?.steps.length;
  },
  gripper10blind: (l) => {
    const imp = l.pddl.importPddl(l.pddl.GRIPPER_DOMAIN, l.pddl.gripperProblem({ balls: 10 }));
    const p = new l.goap.GoapPlanner(imp.goap, { mode: 'forward', weight: 0, maxExpansions: 5_000_000, maxPlanLength: 512 });
    return () => p.search(imp.start, imp.goalName).length;
  },
  blocks7blind: (l) => {
    const imp = l.pddl.importPddl(...ipc('blocks', 'task07'));
    const p = new l.goap.GoapPlanner(imp.goap, { mode: 'forward', weight: 0, maxExpansions: 5_000_000, maxPlanLength: 512 });
    return () => p.search(imp.start, imp.goalName).length;
  },
  tick10k: (l) => tickCase(trollAgents(l, 10_000, { update: () => l.runner.OperatorStatus.Running }), 2),
  tickTimed: (l) => {
    const S = l.runner.OperatorStatus;
    // Each agent's timer (its context is frozen): ticks left of the running step, and a seed for the next.
    const timers = new Map();
    const timed = {
      start: (_args, agent) => {
        let t = timers.get(agent.id);
        if (t === undefined) timers.set(agent.id, (t = { left: 0, seed: agent.id.length * 7919 + agent.id.charCodeAt(agent.id.length - 1) }));
        t.seed = (t.seed * 1103515245 + 12345) & 0x7fffffff;
        t.left = 1 + (t.seed % 4);
      },
      update: (_args, agent) => {
        const t = timers.get(agent.id);
        return --t.left > 0 ? S.Running : t.seed % 7 === 0 ? S.Failure : S.Success;
      },
    };
    return tickCase(trollAgents(l, 1_000, timed), 30);
  },
};

let gcs = 0;
new PerformanceObserver((list) => (gcs += list.getEntries().length)).observe({ entryTypes: ['gc'] });

function batchFor(run) {
  // About 20 ms a side per round.
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) run();
    const dt = performance.now() - t0;
    if (dt > 5 || n > 1e6) return Math.max(1, Math.round((n * 20) / Math.max(dt, 0.001)));
    n *= 4;
  }
}

if (values.both) {
  // Two fresh processes, one loading each build first; the ratio is A/B in both.
  const { execFileSync } = await import('node:child_process');
  const script = new URL(import.meta.url).pathname;
  const pass = ['--base', values.base, '--ms', values.ms, ...(values.only ? ['--only', values.only] : [])];
  const runs = ['A', 'B'].map((first) =>
    execFileSync(process.execPath, ['--expose-gc', script, ...pass, '--first', first], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const table = runs.map(
    (out) =>
      new Map(
        out.split('\n').flatMap((line) => {
          const m = /^(\S+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+(\d+)$/.exec(line.trim());
          return m ? [[m[1], { ratio: Number(m[2]), gcA: Number(m[4]), gcB: Number(m[5]) }]] : [];
        }),
      ),
  );
  console.log(runs[0].split('\n').slice(0, 3).join('\n'));
  console.log('case            A first  B first  geomean  GCs A  GCs B');
  for (const [name, a] of table[0]) {
    const b = table[1].get(name);
    if (!b) continue;
    const g = Math.sqrt(a.ratio * b.ratio);
    console.log(
      `${name.padEnd(16)}${a.ratio.toFixed(3).padStart(7)}  ${b.ratio.toFixed(3).padStart(7)}  ${g.toFixed(3).padStart(7)}  ${String(a.gcA + b.gcA).padStart(5)}  ${String(a.gcB + b.gcB).padStart(5)}`,
    );
  }
  for (const out of runs) for (const line of out.split('\n')) if (line.includes('DIFFERENT PLANS')) console.log(line);
  process.exit(0);
}

const libs = {};
for (const side of values.first === 'B' ? ['B', 'A'] : ['A', 'B']) libs[side] = await load(roots[side]);
const names = values.only ? values.only.split(',') : Object.keys(CASES).filter((name) => !name.startsWith('lmcut'));
console.log(
  `A = ${roots.A}\nB = ${roots.B} (${values.first} loaded first)\nload average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log('case            ratio A/B (median)  rounds  GCs A  GCs B');
for (const name of names) {
  const make = CASES[name];
  if (!make) throw new Error(`unknown case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
  let ca, cb;
  if (values.first === 'B') {
    cb = make(libs.B);
    ca = make(libs.A);
  } else {
    ca = make(libs.A);
    cb = make(libs.B);
  }
  const a = typeof ca === 'function' ? ca : ca.run;
  const b = typeof cb === 'function' ? cb : cb.run;
  const pa = String(JSON.stringify(typeof ca === 'function' ? a() : ca.check()));
  const pb = String(JSON.stringify(typeof cb === 'function' ? b() : cb.check()));
  if (pa === 'undefined') throw new Error(`case ${name} found no plan: a case must plan to be worth timing`);
  if (pa !== pb) {
    console.log(`${name.padEnd(16)}DIFFERENT PLANS: A ${pa.slice(0, 120)} B ${pb.slice(0, 120)}`);
    continue;
  }
  for (let i = 0; i < 3; i++) {
    a();
    b();
  }
  const batch = Math.min(batchFor(a), batchFor(b));
  const ratios = [];
  const gc = { A: 0, B: 0 };
  const time = (run, side) => {
    const g0 = gcs;
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) run();
    const dt = performance.now() - t0;
    gc[side] += gcs - g0;
    return dt;
  };
  const started = performance.now();
  for (let r = 0; r < 200 && (r < 11 || performance.now() - started < budgetMs); r++) {
    let ta, tb;
    if (r % 2 === 0) {
      tb = time(b, 'B');
      ta = time(a, 'A');
    } else {
      ta = time(a, 'A');
      tb = time(b, 'B');
    }
    ratios.push(ta / tb);
  }
  ratios.sort((x, y) => x - y);
  const med = ratios[Math.floor(ratios.length / 2)];
  console.log(
    `${name.padEnd(16)}${med.toFixed(3).padStart(10)}          ${String(ratios.length).padStart(6)}  ${String(gc.A).padStart(5)}  ${String(gc.B).padStart(5)}`,
  );
}
