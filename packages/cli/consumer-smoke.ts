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
