// API reference: TypeDoc over every publishable package's exports, into
// docs/api/ (HTML) and docs/api/api.json. TypeDoc needs the TypeScript 5/6
// compiler API, so it runs from tools/ (options in tools/typedoc.json).
// Fails on TypeDoc errors and on any validation warning: an undocumented
// export, a link to something not exported, a broken {@link}. Prints how many
// exports carry an @example. Type errors are left to `tsc -b` (npm test):
// tools/typedoc.json sets skipErrorChecking, which saves a second full check.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishablePackages, root, toolsBin } from './workspace.mjs';

const out = join(root, 'docs/api');
const packages = publishablePackages();
const args = [
  '--options',
  join(root, 'tools/typedoc.json'),
  '--out',
  out,
  '--json',
  join(out, 'api.json'),
  '--treatValidationWarningsAsErrors',
  '--logLevel',
  'Warn',
  '--entryPoints',
  ...packages.map((p) => p.rel),
];
try {
  execFileSync(join(toolsBin, 'typedoc'), args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
} catch (e) {
  console.error(`FAIL TypeDoc:\n${e.stdout}${e.stderr}`);
  process.exit(1);
}

// Kinds from TypeDoc's ReflectionKind: which exports a reader calls or constructs.
const KIND = { 64: 'function', 128: 'class', 32: 'variable' };
const hasExample = (r) => [r.comment, ...(r.signatures ?? []).map((s) => s.comment)].some((c) => c?.blockTags?.some((t) => t.tag === '@example'));
const api = JSON.parse(readFileSync(join(out, 'api.json'), 'utf8'));
for (const pkg of api.children ?? []) {
  const declarations = (pkg.children ?? []).flatMap((c) => (c.kind === 2 ? (c.children ?? []) : [c]));
  const callable = declarations.filter((d) => KIND[d.kind]);
  const withExample = callable.filter(hasExample);
  console.log(
    `ok   ${pkg.name}: ${declarations.length} exports documented; ${withExample.length} of ${callable.length} classes, functions and constants have an @example`,
  );
}
console.log(`API reference: ${join(out, 'index.html')}`);
