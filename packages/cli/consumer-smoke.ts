// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (and its dependencies).
import { runCli } from '@dualplan/cli';

// Node modules through a non-literal specifier: the consumer project has no @types/node.
const load = (specifier: string): Promise<any> => import(specifier);
const { execFileSync } = await load('node:child_process');
const require = (await load('node:module')).createRequire(import.meta.url);
const soldier = require.resolve('@dualplan/documents/examples/soldier.json');
const out: string[] = [];
const code = await runCli(['schema'], { out: (t) => out.push(t), err: (t) => out.push(t), readFile: () => '', loadRegistry: async () => ({}) });
if (code !== 0 || !out[0].includes('2020-12')) throw new Error('cli smoke: schema');
// The installed bin, as a user runs it.
const printed = execFileSync('npx', ['--no-install', 'dualplan', 'plan', soldier, '--goal', 'killEnemy'], { encoding: 'utf8' });
if (!printed.startsWith('plan (GOAP, goal killEnemy')) throw new Error(`cli smoke: bin printed ${printed}`);
// The monitor page ships inside the package: `dualplan monitor` and `dualplan domain` serve it from dist/page.
const { existsSync } = await load('node:fs');
const cliDir = require.resolve('@dualplan/cli/package.json').replace(/package\.json$/, '');
for (const file of ['index.html', 'main.js', 'monitor.css'])
  if (!existsSync(`${cliDir}dist/page/${file}`)) throw new Error(`cli smoke: the monitor page's ${file} is not in the package`);
// The installed command serves the domain view and prints its address (stopped once it has).
const { spawn } = await load('node:child_process');
const served: string = await new Promise((resolve, reject) => {
  // The bin itself under node (a direct child, so stopping it stops the server).
  const child = spawn('node', [`${cliDir}bin/dualplan.js`, 'domain', soldier], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (chunk: { toString(): string }) => {
    text += chunk.toString();
    if (text.includes('\n')) {
      child.kill('SIGTERM');
      child.stdout.destroy();
      resolve(text);
    }
  });
  child.on('error', reject);
  child.on('exit', () => resolve(text));
});
const address = /http:\/\/127\.0\.0\.1:\d+\/\?domain=\/domain\.json/.exec(served);
if (!address) throw new Error(`cli smoke: dualplan domain printed ${served}`);
