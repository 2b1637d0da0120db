// The IPC 2020/2023 HDDL coverage run: `npm run bench:hddl [-- --time-limit 10000] [-- --filter Transport] [-- --track po]`.
// Reads ../shared/ipc/hddl beside the repository (never copied into it); prints one line per problem and a summary.
// `--scale [--max-n 256]` instead grows the bundled generators' problems (doubling) until one is not solved within the time limit.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  blocksHddlProblem,
  BLOCKS_HDDL_DOMAIN,
  groundHddl,
  parseHddlDomain,
  parseHddlProblem,
  planHddl,
  satelliteHddlProblem,
  SATELLITE_HDDL_DOMAIN,
  transportHddlProblem,
  TRANSPORT_HDDL_DOMAIN,
  verifyHddlPlan,
  writeIpcPlan,
} from '@dualplan/hddl';

const { values } = parseArgs({
  options: {
    'time-limit': { type: 'string' },
    filter: { type: 'string' },
    track: { type: 'string' },
    orders: { type: 'string' },
    scale: { type: 'boolean' },
    'max-n': { type: 'string' },
  },
});
const limit = Number(values['time-limit'] ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (values.scale) {
  const generators = [
    {
      name: 'transport (packages, 2 trucks, 2n locations)',
      domain: TRANSPORT_HDDL_DOMAIN,
      problem: (n: number) => transportHddlProblem({ packages: n, locations: 2 * n, trucks: 2, seed: n }),
    },
    { name: 'blocks (blocks)', domain: BLOCKS_HDDL_DOMAIN, problem: (n: number) => blocksHddlProblem({ blocks: n, seed: n }) },
    {
      name: 'satellite (satellites, 3n observations)',
      domain: SATELLITE_HDDL_DOMAIN,
      problem: (n: number) => satelliteHddlProblem({ satellites: n, observations: 3 * n, directions: 2 * n + 3, seed: n }),
    },
  ];
  console.log(`HDDL generators, doubling until a problem is not solved within ${limit} ms of planning`);
  console.log('generator | n | ground ms | heap MB | tasks | methods | status | plan ms | steps | verified');
  const maxN = Number(values['max-n'] ?? 256);
  for (const g of generators) {
    if (values.filter && !g.name.includes(values.filter)) continue;
    const domain = parseHddlDomain(g.domain);
    for (let n = 2; n <= maxN; n *= 2) {
      const problem = parseHddlProblem(g.problem(n), domain);
      gc?.();
      const heap0 = process.memoryUsage().heapUsed;
      let task;
      try {
        task = groundHddl(domain, problem);
      } catch (e) {
        console.log(`${g.name} | ${n} | error: ${(e as Error).message.split('\n')[0]}`);
        break;
      }
      const heap = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
      const r = planHddl(task, { timeLimitMs: limit });
      const ok = r.decomposition !== null && verifyHddlPlan(domain, problem, writeIpcPlan(r.decomposition)).valid;
      const methods = task.methodsOf.reduce((k, m) => k + m.length, 0);
      console.log(
        [
          g.name,
          n,
          task.groundMs.toFixed(0),
          heap.toFixed(1),
          task.hierarchy.nodes.length,
          methods,
          r.status,
          r.planMs.toFixed(0),
          r.decomposition?.primitives.length ?? '-',
          ok ? 'valid' : '-',
        ].join(' | '),
      );
      if (!ok || r.planMs > limit) break;
    }
  }
  process.exit(0);
}
const track = values.track ?? 'to';
let repo = process.cwd();
while (!existsSync(join(repo, 'packages', 'hddl')) && dirname(repo) !== repo) repo = dirname(repo);
const base = join(repo, '..', 'shared', 'ipc', 'hddl', track);
if (!existsSync(base)) {
  console.error(`The IPC HDDL files are missing: expected them in ${base} (clone the shared folder beside the repository).`);
  process.exit(2);
}
const rows: { solved: boolean; ms: number }[] = [];
console.log(`IPC HDDL ${track}: time limit ${limit} ms per problem (planning), Node ${process.version}`);
console.log('domain/problem | ground ms | heap MB | tasks | methods | status | plan ms | rounds | steps | verified');
for (const d of readdirSync(base).sort()) {
  if (values.filter && !d.includes(values.filter)) continue;
  const files = readdirSync(join(base, d)).sort();
  for (const f of files) {
    if (!/\.(hddl|pddl)$/.test(f) || /domain/i.test(f)) continue;
    const own = f.replace(/\.(hddl|pddl)$/, '-domain.hddl');
    const domainFile = join(base, d, files.includes(own) ? own : 'domain.hddl');
    const label = `${d}/${f}`;
    try {
      const domain = parseHddlDomain(readFileSync(domainFile, 'utf8'), domainFile);
      const problem = parseHddlProblem(readFileSync(join(base, d, f), 'utf8'), domain, f);
      gc?.();
      const heap0 = process.memoryUsage().heapUsed;
      const task = groundHddl(domain, problem, values.orders ? { maxOrders: Number(values.orders) } : {});
      const heap = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
      const methods = task.methodsOf.reduce((n, m) => n + m.length, 0);
      const r = planHddl(task, { timeLimitMs: limit });
      const verdict = r.decomposition ? verifyHddlPlan(domain, problem, writeIpcPlan(r.decomposition)) : null;
      const solved = r.status === 'found' && verdict?.valid === true;
      rows.push({ solved, ms: task.groundMs + r.planMs });
      console.log(
        [
          label,
          task.groundMs.toFixed(0),
          heap.toFixed(1),
          task.hierarchy.nodes.length,
          methods,
          r.status,
          r.planMs.toFixed(0),
          r.rounds,
          r.decomposition?.primitives.length ?? '-',
          verdict ? (verdict.valid ? 'valid' : verdict.errors[0].message) : '-',
        ].join(' | '),
      );
    } catch (e) {
      rows.push({ solved: false, ms: 0 });
      console.log(`${label} | error: ${(e as Error).message.split('\n')[0].slice(0, 160)}`);
    }
  }
}
const solved = rows.filter((r) => r.solved);
const times = solved.map((r) => r.ms).sort((a, b) => a - b);
console.log(
  `\nsolved and verified: ${solved.length} of ${rows.length}; ground+plan ms of the solved: median ${times[times.length >> 1]?.toFixed(0) ?? '-'}, max ${times[times.length - 1]?.toFixed(0) ?? '-'}`,
);
