// Root postinstall: installs tools/ (its own package.json and lock, outside the
// workspaces) so `npm ci` at the root leaves every release check ready to run.
// tools/ holds what cannot share the root's node_modules: the TypeScript 5/6
// compiler API (TypeDoc, the consumer type matrix) and extra Node binaries.
// Skips the install when tools/node_modules already matches the lock.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const tools = new URL('../tools/', import.meta.url).pathname;
const stampPath = join(tools, 'node_modules', '.dualplan-tools-stamp');
const hash = createHash('sha256');
for (const file of ['package.json', 'package-lock.json']) hash.update(readFileSync(join(tools, file)));
const stamp = hash.digest('hex');

if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
  console.log('tools/: up to date');
} else {
  const started = performance.now();
  // npm passes the root install's settings down to lifecycle scripts as
  // npm_config_* variables; those about the root's layout must not leak in.
  const rootOnly = /^npm_config_(workspaces?|include_workspace_root|omit|include|production|global|prefix|local_prefix)$/i;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !rootOnly.test(k)));
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: tools, stdio: 'inherit', env });
  writeFileSync(stampPath, stamp);
  console.log(`tools/: installed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
