import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One IPC problem: its folder, the domain and problem files and their text. @internal */
export interface IpcProblem {
  readonly track: 'to' | 'po';
  readonly domainName: string;
  readonly domainFile: string;
  readonly problemFile: string;
  readonly domainText: string;
  readonly problemText: string;
}

/** The IPC HDDL folder beside the repository (`../shared/ipc/hddl`); fails with a clear message when it is missing. @internal */
export function ipcRoot(): string {
  let repo = process.cwd();
  while (!existsSync(join(repo, 'packages', 'hddl')) && dirname(repo) !== repo) repo = dirname(repo);
  const root = join(repo, '..', 'shared', 'ipc', 'hddl');
  if (!existsSync(root)) throw new Error(`The IPC HDDL files are missing: expected them in ${root} (clone the shared folder beside the repository).`);
  return root;
}

/** Every IPC problem of a track, sorted by domain then problem. @internal */
export function ipcProblems(track: 'to' | 'po'): IpcProblem[] {
  const base = join(ipcRoot(), track);
  const out: IpcProblem[] = [];
  for (const d of readdirSync(base).sort()) {
    const files = readdirSync(join(base, d)).sort();
    for (const f of files) {
      if (!/\.(hddl|pddl)$/.test(f) || /domain/i.test(f)) continue;
      const own = f.replace(/\.(hddl|pddl)$/, '-domain.hddl');
      const domainFile = join(base, d, files.includes(own) ? own : 'domain.hddl');
      const problemFile = join(base, d, f);
      out.push({ track, domainName: d, domainFile, problemFile, domainText: readFileSync(domainFile, 'utf8'), problemText: readFileSync(problemFile, 'utf8') });
    }
  }
  return out;
}
