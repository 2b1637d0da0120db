import { parseArgs } from 'node:util';
import { DualplanError, createState, didYouMean, flagOfParseError, formatSearchTrace, type Plan, type PlanResult, type Snapshot } from '@dualplan/world-state';
import { HtnPlanner, htnSearchTrace, htnWhyNoPlan, type HtnResult } from '@dualplan/htn';
import { GoapPlanner, goapSearchTrace, whyNoPlan } from '@dualplan/goap';
import { DomainDocumentError, domainJsonSchema, lintDomain, loadDomain, type DomainRegistry, type LoadedDomain } from '@dualplan/documents';
import { hddlCommand, verifyCommand } from './hddlCommands.js';
import { domainCommand, monitorCommand } from './monitorCommands.js';
import type { MonitorServer } from './serveMonitor.js';

/** What the CLI touches outside itself, injected so tests run it in-process. */
export interface CliIo {
  /** Writes normal output (stdout). */
  readonly out: (text: string) => void;
  /** Writes diagnostics (stderr). */
  readonly err: (text: string) => void;
  /** Reads a text file; throws when it cannot. */
  readonly readFile: (path: string) => string;
  /** Import a registry module (its default export, or its `registry` export). */
  readonly loadRegistry: (path: string) => Promise<DomainRegistry>;
  /** The built monitor page's folder, for `dualplan monitor` and `dualplan domain` (nodeIo: the page shipped in this package). */
  readonly pageDir?: string;
  /** Told the running monitor server once its address is printed; the command ends when it resolves (nodeIo: at Ctrl+C). Default: at once. */
  readonly serving?: (server: MonitorServer) => Promise<void>;
}

/** Exit codes: 0 ok, 1 lint errors or no plan, 2 bad input. */
export const EXIT = /* @__PURE__ */ Object.freeze({ ok: 0, failed: 1, badInput: 2 } as const);

/** The text `dualplan --help` prints. */
export const USAGE = `Usage:
  dualplan lint <domain.json> [--operators id,id,...] [--json]
  dualplan plan <domain.json> [--state state.json] [--goal G | --task T] [--planner htn|goap]
                              [--registry registry.mjs] [--trace]
  dualplan schema
  dualplan hddl <domain.hddl> <problem.hddl>
  dualplan verify <domain.hddl> <problem.hddl> <plan.txt>
  dualplan monitor <recording.json> | --ws ws://127.0.0.1:PORT [--port N]
  dualplan domain <domain.json> [--port N]

  lint      report lint findings; exit 1 when any is an error
  plan      plan from the state (the key defaults without --state) and print the plan,
            its cost and, when there is none, why not; exit 1 when there is no plan
  schema    print the domain documents' JSON Schema
  hddl      plan a total-order HDDL problem; print the plan in the IPC format; exit 1 when there is none
  verify    check a plan in the IPC format against an HDDL domain and problem; exit 1 when it is invalid
  monitor   serve the monitor page on 127.0.0.1 for a saved recording, or for a game's live recorder (--ws), and print its address
  domain    serve the monitor page's domain view of a domain file (HTN tree, GOAP action graph, lint findings) and print its address

  --operators   operator ids the game implements: actions naming another are errors
  --json        lint findings as JSON lines
  --state       a JSON snapshot: key name -> value (enum values by name)
  --goal        GOAP goal to plan for (default: goal selection by priority)
  --task        HTN task to plan (default: the domain's root)
  --planner     htn or goap (default: goap with --goal, htn with --task, else htn when the domain has one)
  --registry    an ES module exporting the functions the document names (costs, checks, ...)
  --trace       print the planner's trace
  --ws          the WebSocket of a game server's recorder (serveWebSocket), on this machine
  --port        the port to serve the page on (default: any free one)

Exit codes: 0 ok, 1 lint errors or no plan, 2 bad input.`;

const OPTIONS = {
  state: { type: 'string' },
  goal: { type: 'string' },
  task: { type: 'string' },
  planner: { type: 'string' },
  registry: { type: 'string' },
  trace: { type: 'boolean' },
  operators: { type: 'string' },
  json: { type: 'boolean' },
  ws: { type: 'string' },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const COMMANDS = ['lint', 'plan', 'schema', 'hddl', 'verify', 'monitor', 'domain'];

/** Bad command-line input; `subject` is the flag, command or file. */
class CliInputError extends DualplanError {}

/**
 * Run the `dualplan` command with `argv` (without `node` and the script) and
 * return its exit code. Never throws for bad input: it reports it on `err`.
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), nodeIo());
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parse(argv);
    if (values.help) {
      io.out(USAGE);
      return EXIT.ok;
    }
    const [command, file, ...rest] = positionals;
    if (command === undefined) throw new CliInputError('MISSING_COMMAND', '', `No command given.\n\n${USAGE}`);
    if (!COMMANDS.includes(command))
      throw new CliInputError('UNKNOWN_COMMAND', command, `Unknown command "${command}".${didYouMean(command, COMMANDS)}\n\n${USAGE}`);
    if (command === 'schema') {
      if (file !== undefined) throw new CliInputError('UNEXPECTED_ARGUMENT', file, `"dualplan schema" takes no arguments, got "${file}".`);
      io.out(JSON.stringify(domainJsonSchema, null, 2));
      return EXIT.ok;
    }
    if (command === 'hddl' || command === 'verify') {
      const files = positionals.slice(1);
      const want = command === 'hddl' ? 2 : 3;
      if (files.length !== want)
        throw new CliInputError(
          'MISSING_FILE',
          command,
          `"dualplan ${command}" takes ${want === 2 ? 'a domain and a problem file' : 'a domain, a problem and a plan file'}, got ${files.length} file(s).`,
        );
      const flag = Object.keys(values).find((f) => f !== 'help');
      if (flag !== undefined) throw new CliInputError('UNKNOWN_FLAG', `--${flag}`, `"dualplan ${command}" does not take --${flag}.`);
      const hio = { out: io.out, err: io.err, read: (path: string) => read(io, path) };
      return command === 'hddl' ? hddlCommand(hio, files) : verifyCommand(hio, files);
    }
    if (command === 'monitor' || command === 'domain') {
      const flag = Object.keys(values).find((f) => f !== 'help' && f !== 'ws' && f !== 'port');
      if (flag !== undefined) throw new CliInputError('UNKNOWN_FLAG', `--${flag}`, `"dualplan ${command}" does not take --${flag}.`);
      const mio = { out: io.out, read: (path: string) => read(io, path), pageDir: io.pageDir, serving: io.serving ?? (() => Promise.resolve()) };
      return await (command === 'monitor' ? monitorCommand : domainCommand)(mio, positionals.slice(1), values);
    }
    if (file === undefined) throw new CliInputError('MISSING_FILE', command, `"dualplan ${command}" needs a domain file.`);
    if (rest.length) throw new CliInputError('UNEXPECTED_ARGUMENT', rest[0], `Unexpected argument "${rest[0]}".`);
    const allowed = command === 'lint' ? ['operators', 'json'] : ['state', 'goal', 'task', 'planner', 'registry', 'trace'];
    for (const flag of Object.keys(values)) {
      if (flag !== 'help' && !allowed.includes(flag)) throw new CliInputError('UNKNOWN_FLAG', `--${flag}`, `"dualplan ${command}" does not take --${flag}.`);
    }
    const text = read(io, file);
    return command === 'lint' ? lint(io, text, values) : await plan(io, file, text, values);
  } catch (e) {
    if (e instanceof DomainDocumentError) {
      for (const p of e.problems) io.err(`error ${p.code} ${p.message}`);
      return EXIT.badInput;
    }
    if (e instanceof DualplanError) {
      io.err(e.message);
      return EXIT.badInput;
    }
    throw e;
  }
}

type Values = ReturnType<typeof parse>['values'];

function parse(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    // node:util reports unknown options and missing values as TypeErrors with a code; name the flag and the closest one.
    const { flag, hint } = flagOfParseError(e, OPTIONS);
    throw new CliInputError('BAD_ARGUMENT', flag, `${(e as Error).message}${hint}\n\n${USAGE}`);
  }
}

function read(io: CliIo, path: string): string {
  try {
    return io.readFile(path);
  } catch (e) {
    throw new CliInputError('UNREADABLE_FILE', path, `Cannot read "${path}": ${(e as Error).message}`);
  }
}

function lint(io: CliIo, text: string, values: Values): number {
  const operators = values.operators
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const findings = lintDomain(text, operators ? { operators } : {});
  for (const f of findings) io.out(values.json ? JSON.stringify(f) : `${f.severity} ${f.code} ${f.path}: ${f.message}`);
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (!values.json) io.out(findings.length ? `${errors} error(s), ${findings.length - errors} warning(s)` : 'no findings');
  return errors ? EXIT.failed : EXIT.ok;
}

async function plan(io: CliIo, file: string, text: string, values: Values): Promise<number> {
  if (values.goal !== undefined && values.task !== undefined)
    throw new CliInputError('CONFLICTING_FLAGS', '--goal', 'Give --goal (GOAP) or --task (HTN), not both.');
  let registry: DomainRegistry = {};
  if (values.registry !== undefined) {
    try {
      registry = await io.loadRegistry(values.registry);
    } catch (e) {
      throw new CliInputError('BAD_REGISTRY', values.registry, `Cannot load the registry "${values.registry}": ${(e as Error).message}`);
    }
  }
  const loaded = loadDomain(text, registry);
  const planner = choosePlanner(loaded, values);
  let snapshot: Snapshot = {};
  if (values.state !== undefined) {
    try {
      snapshot = JSON.parse(read(io, values.state)) as Snapshot;
    } catch (e) {
      if (e instanceof DualplanError) throw e;
      throw new CliInputError('BAD_STATE', values.state, `"${values.state}" is not JSON: ${(e as Error).message}`);
    }
  }
  const state = createState(loaded.schema, snapshot);
  let result: PlanResult<unknown>;
  let trace = '';
  let why = '';
  const target = values.task ?? loaded.document.htn?.root ?? '';
  if (planner === 'htn') {
    const request = values.task === undefined ? {} : { task: values.task };
    const htn = new HtnPlanner(loaded.htn!, { trace: values.trace === true });
    result = htn.plan(state, undefined, request);
    if (values.trace) trace = formatSearchTrace(htnSearchTrace(htn.trace, result as HtnResult, target));
    if (result.status !== 'found') {
      // Explain with a traced rerun: tracing costs nothing when off, so the first run stays untraced unless asked.
      const traced = values.trace ? htn : new HtnPlanner(loaded.htn!, { trace: true });
      const outcome = values.trace ? (result as HtnResult) : traced.plan(state, undefined, request);
      why = htnWhyNoPlan(htnSearchTrace(traced.trace, outcome, target));
    }
  } else {
    const goap = new GoapPlanner(loaded.goap!, { trace: values.trace === true });
    result = goap.plan(state, undefined, values.goal === undefined ? {} : { goal: values.goal });
    if (values.trace && goap.result.goal) trace = formatSearchTrace(goapSearchTrace(goap));
    if (result.status !== 'found' && goap.result.goal) why = whyNoPlan(goap).summary;
  }
  if (values.trace) io.out(`trace:\n${trace || '(empty)'}`);
  const what = planner === 'htn' ? `task ${target || '(root)'}` : `goal ${goalOf(result) ?? values.goal ?? '(selection)'}`;
  if (result.status !== 'found') {
    io.out(`no plan (${planner === 'htn' ? 'HTN' : 'GOAP'}, ${what}): ${result.status}`);
    io.out(`why: ${[result.reason, why].filter(Boolean).join('\n') || 'no method or action applies'}`);
    return EXIT.failed;
  }
  io.out(formatPlan(result.plan, `${planner === 'htn' ? 'HTN' : 'GOAP'}, ${what}`, file));
  return EXIT.ok;
}

function choosePlanner(loaded: LoadedDomain, values: Values): 'htn' | 'goap' {
  const p = values.planner;
  if (p !== undefined && p !== 'htn' && p !== 'goap')
    throw new CliInputError('BAD_VALUE', '--planner', `--planner must be htn or goap, got "${p}".${didYouMean(p, ['htn', 'goap'])}`);
  if (p === 'htn' && values.goal !== undefined)
    throw new CliInputError('CONFLICTING_FLAGS', '--goal', '--goal names a GOAP goal; the HTN planner takes --task.');
  if (p === 'goap' && values.task !== undefined)
    throw new CliInputError('CONFLICTING_FLAGS', '--task', '--task names an HTN task; the GOAP planner takes --goal.');
  const planner = p ?? (values.goal !== undefined ? 'goap' : values.task !== undefined ? 'htn' : loaded.htn ? 'htn' : 'goap');
  if (planner === 'htn' && !loaded.htn) throw new CliInputError('NO_HTN', 'htn', 'The domain has no "htn" part: plan with --planner goap.');
  if (planner === 'goap' && !loaded.goap) throw new CliInputError('NO_GOAP', 'goap', 'The domain has no "goap" part: plan with --planner htn.');
  return planner;
}

function goalOf(result: PlanResult<unknown>): string | undefined {
  const meta = result.plan?.meta as { goal?: string } | null | undefined;
  return meta?.goal;
}

/**
 * `plan (GOAP, goal killEnemy): 4 steps, cost 4` then one numbered line per step, with the operator call when it differs.
 * @example
 * console.log(formatPlan(result.plan, 'HTN, task BeTrunkThumper'));
 */
export function formatPlan(plan: Plan<unknown>, what: string, file = ''): string {
  const lines = [`plan (${what}${file ? `, ${file}` : ''}): ${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}, cost ${plan.cost}`];
  plan.steps.forEach((s, i) => {
    const call = `${s.operator}(${s.args.map((a) => JSON.stringify(a)).join(', ')})`;
    lines.push(`  ${i + 1}. ${s.task}${call === `${s.task}()` ? '' : `  -> ${call}`}`);
  });
  return lines.join('\n');
}
