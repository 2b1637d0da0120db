import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DomainRegistry } from '@dualplan/documents';
import type { CliIo } from './runCli.js';

/** Options of {@link nodeIo}. */
export interface NodeIoOptions {
  /** The built monitor page's folder (the `dualplan` bin passes the one shipped in this package's `dist/page`). */
  readonly pageDir?: string;
}

/**
 * The real console and file system for {@link runCli}. A registry module is
 * imported (an ES module you wrote: never evaluated text) and its default
 * export, or its `registry` export, is the registry. A monitor server runs
 * until Ctrl+C (SIGINT) or SIGTERM.
 * @example
 * process.exitCode = await runCli(process.argv.slice(2), nodeIo());
 */
export function nodeIo(options: NodeIoOptions = {}): CliIo {
  return {
    pageDir: options.pageDir,
    serving: () =>
      new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      }),
    out: (text) => process.stdout.write(text + '\n'),
    err: (text) => process.stderr.write(text + '\n'),
    readFile: (path) => readFileSync(path, 'utf8'),
    loadRegistry: async (path) => {
      const mod = (await import(pathToFileURL(resolve(path)).href)) as { default?: DomainRegistry; registry?: DomainRegistry };
      const registry = mod.default ?? mod.registry;
      if (!registry || typeof registry !== 'object') throw new Error('the module exports no registry (export default { costs, checks, ... })');
      return registry;
    },
  };
}
