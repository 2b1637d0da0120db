// Lint one piece of code as if it were the file at a given path of this repository (the file must exist, so the
// typed rules see it in its package's program): `node scripts/lint/lintSnippet.mjs <path> < code.ts`. Prints the
// findings as JSON lines `{ rule, message }`. Used by the tests of the house lint rules.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const require = createRequire(new URL('../../tools/package.json', import.meta.url));
const { ESLint } = require('eslint');
const root = resolve(new URL('../..', import.meta.url).pathname);
const eslint = new ESLint({ cwd: root });
const [result] = await eslint.lintText(readFileSync(0, 'utf8'), { filePath: resolve(root, process.argv[2]) });
for (const m of result.messages) console.log(JSON.stringify({ rule: m.ruleId, message: m.message }));
