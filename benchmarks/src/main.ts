// The benchmark entry: `npm run bench [-- --quick] [-- --filter goap] [-- --reference]`.
// Also the probe worker: started on itself with workerData to run one case under a time limit.
import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, totalmem } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { caseId } from './BenchCase.js';
import { allSuites } from './allSuites.js';
import { curveCharts, ratioChart } from './charts.js';
import { markdownReport } from './report.js';
import { answerProbe, runCases } from './runCases.js';
import { BENCH_USAGE, parseBenchArgs } from './parseBenchArgs.js';

async function main(): Promise<void> {
  let args;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 2;
    return;
  }
  const { quick, reference, filter } = args;
  if (args.help) {
    console.log(BENCH_USAGE);
    return;
  }
  const root = new URL('..', import.meta.url);
  const all = allSuites({ quick });
  const cases = filter ? all.filter((c) => filter.test(caseId(c))) : all;
  if (cases.length === 0) {
    console.error(`No benchmark case matches ${filter}. Case ids:\n${all.map((c) => `  ${caseId(c)}`).join('\n')}`);
    process.exitCode = 2;
    return;
  }
  const gc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  console.log(
    `dualplan benchmarks: ${cases.length} cases${quick ? ' (quick)' : ''}${filter ? ` matching ${filter}` : ''}${gc ? '' : ' — WARNING: run with --expose-gc for GC counts'}`,
  );
  const started = performance.now();
  const results = await runCases(cases, { quick, workerUrl: new URL(import.meta.url), log: (line) => console.log(line) });
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${platform()} ${arch()}, Node ${process.version}`;
  const date = new Date().toISOString();
  const header = `## dualplan benchmark results\n\n${date} · ${machine}${quick ? ' · **quick pass**' : ''}${filter ? ` · filter \`${filter.source}\`` : ''}\n\nMedians are per plan (or per op). Ratios are peer median / dualplan median, measured side by side in one process.`;
  const resultsDir = new URL('results/', root);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(new URL('latest.json', resultsDir), JSON.stringify({ date, machine, quick, filter: filter?.source ?? null, results }, null, 2));
  const charts: Array<{ file: string; svg: string }> = [];
  const ratio = ratioChart(results);
  if (ratio) charts.push({ file: 'ratios.svg', svg: ratio });
  for (const { id, svg } of curveCharts(results))
    charts.push({
      file: `curve-${id
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.svg`,
      svg,
    });
  const chartDir = reference ? new URL('charts/', root) : resultsDir;
  mkdirSync(chartDir, { recursive: true });
  for (const c of charts) writeFileSync(new URL(c.file, chartDir), c.svg);
  const chartLinks = charts.map((c) => `![${c.file}](${reference ? 'charts/' : ''}${c.file})`).join('\n\n');
  const markdown = `${markdownReport(results, header)}\n${chartLinks}\n`;
  writeFileSync(new URL('latest.md', resultsDir), markdown);
  if (reference) writeFileSync(new URL('RESULTS.md', root), markdown);
  const bad = results.filter((r) => r.status === 'wrong' || r.status === 'error');
  console.log(
    `\n${results.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s; results in benchmarks/results/latest.{json,md}${reference ? ', reference in benchmarks/RESULTS.md' : ''}`,
  );
  if (bad.length > 0) {
    console.error(`\n${bad.length} case(s) FAILED:\n${bad.map((r) => `  ${r.id}: ${r.status}: ${r.detail}`).join('\n')}`);
    process.exitCode = 1;
  }
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  const { probe, quick } = workerData as { probe: string; quick: boolean };
  parentPort!.postMessage(answerProbe(allSuites({ quick }), probe));
}
