// Bundle size budgets: what an import of a package costs a browser bundle,
// minified with every dependency included. Built from TypeScript source
// through the source condition, so it needs no `npm run build` and runs in `npm test`.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { SOURCE_CONDITION, root, workspacePackages } from './workspace.mjs';

/** Resolves @dualplan/* to the workspace's TypeScript source, installed (linked) or not yet. */
const workspaceSources = {
  name: 'dualplan-workspace-sources',
  setup(b) {
    const packages = workspacePackages();
    b.onResolve({ filter: /^@dualplan\// }, ({ path }) => {
      const [, folder, sub] = /^@dualplan\/([^/]+)(?:\/(.+))?$/.exec(path) ?? [];
      const entry = packages.find((p) => p.folder === folder);
      if (!entry) return undefined;
      const source = entry.pkg.exports?.[sub ? `./${sub}` : '.']?.[SOURCE_CONDITION];
      if (!source) return { errors: [{ text: `${path}: no "${SOURCE_CONDITION}" export in ${entry.rel}/package.json` }] };
      return { path: join(entry.dir, source) };
    });
  },
};

/** Which package a bundled input file belongs to, for the share table. */
function owner(input) {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (nm) return nm[1];
  const ws = /^packages\/([^/]+)\//.exec(relative(root, input));
  return ws ? `@dualplan/${ws[1]}` : input;
}

/**
 * Measures one budget of a package.
 * @param {{ name: string }} entry the package
 * @param {{ name: string, from: string, import: '*' | string[], maxBytes: number }} budget
 * @returns {Promise<{ bytes: number, gzip: number, shares: { owner: string, bytes: number }[] }>}
 */
export async function measureBudget(entry, budget) {
  const spec = budget.from === '.' ? entry.name : `${entry.name}/${budget.from.slice(2)}`;
  // Keep every named binding alive, as an app that uses them would.
  const contents =
    budget.import === '*'
      ? `import * as m from '${spec}'; globalThis.keep = m;`
      : `import { ${budget.import.join(', ')} } from '${spec}'; globalThis.keep = [${budget.import.join(', ')}];`;
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: [SOURCE_CONDITION],
    plugins: [workspaceSources],
    external: ['node:*'], // Node-only packages (the CLI): builtins cost no bundle bytes
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const byOwner = new Map();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const who = owner(input);
      byOwner.set(who, (byOwner.get(who) ?? 0) + bytesInOutput);
    }
  }
  const shares = [...byOwner].map(([o, bytes]) => ({ owner: o, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { bytes: code.length, gzip: gzipSync(code).length, shares };
}

/** One line per budget: size, gzip, budget and each package's share. */
export function formatBudget(entry, budget, { bytes, gzip, shares }) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const parts = shares.filter((s) => s.bytes > 0 && s.owner !== '<stdin>').map((s) => `${s.owner} ${Math.round((100 * s.bytes) / bytes)}%`);
  return `${entry.name} ${budget.name}: ${kb(bytes)} minified (${kb(gzip)} gzip), budget ${kb(budget.maxBytes)}; ${parts.join(', ')}`;
}
