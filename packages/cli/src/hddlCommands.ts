import { groundHddl, parseHddlDomain, parseHddlProblem, planHddl, verifyHddlPlan, writeIpcPlan } from '@dualplan/hddl';

/** What the HDDL commands need of the CLI: output, diagnostics and file reading. */
export interface HddlIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly read: (path: string) => string;
}

/**
 * `dualplan verify domain.hddl problem.hddl plan.txt`: check an IPC-format plan; print `valid` (exit 0) or the
 * first error, naming the plan line (exit 1). Unreadable HDDL files are bad input (exit 2, thrown).
 * @example
 * const code = verifyCommand(io, ['domain.hddl', 'p01.hddl', 'plan.txt']); // 0 when valid
 */
export function verifyCommand(io: HddlIo, files: readonly string[]): number {
  const [domainFile, problemFile, planFile] = files;
  const domain = parseHddlDomain(io.read(domainFile), domainFile);
  const problem = parseHddlProblem(io.read(problemFile), domain, problemFile);
  const verdict = verifyHddlPlan(domain, problem, io.read(planFile), planFile);
  if (verdict.valid) {
    io.out('valid');
    return 0;
  }
  for (const e of verdict.errors) io.err(`invalid ${e.code} ${e.message}`);
  return 1;
}

/**
 * `dualplan hddl domain.hddl problem.hddl`: ground and plan a total-order HDDL problem; print the plan in the IPC
 * format (exit 0), or why there is none (exit 1).
 * @example
 * const code = hddlCommand(io, ['domain.hddl', 'p01.hddl']);
 */
export function hddlCommand(io: HddlIo, files: readonly string[]): number {
  const [domainFile, problemFile] = files;
  const domain = parseHddlDomain(io.read(domainFile), domainFile);
  const problem = parseHddlProblem(io.read(problemFile), domain, problemFile);
  const result = planHddl(groundHddl(domain, problem));
  if (result.status === 'found') {
    io.out(writeIpcPlan(result.decomposition!).trimEnd());
    return 0;
  }
  io.err(
    result.status === 'none'
      ? 'no plan: the problem has no decomposition into applicable steps.'
      : `no plan within the budget (decompositions up to ${result.depth}).`,
  );
  return 1;
}
