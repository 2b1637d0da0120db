// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (and its dependencies).
import { createState } from '@dualplan/world-state';
import { HtnPlanner } from '@dualplan/htn';
import { GoapPlanner } from '@dualplan/goap';
import { lintDomain, loadDomain, domainJsonSchema } from '@dualplan/documents';

// Node modules through a non-literal specifier: the consumer project has no @types/node.
const load = (specifier: string): Promise<any> => import(specifier);
const { readFileSync } = await load('node:fs');
const require = (await load('node:module')).createRequire(import.meta.url);
const text = readFileSync(require.resolve('@dualplan/documents/examples/soldier.json'), 'utf8');
const shipped = JSON.parse(readFileSync(require.resolve('@dualplan/documents/domain.schema.json'), 'utf8'));
const { schema, htn, goap } = loadDomain(text);
const state = createState(schema);
if (new HtnPlanner(htn!).plan(state).plan?.cost !== 4) throw new Error('documents smoke: HTN plan');
if (new GoapPlanner(goap!).plan(state, undefined, { goal: 'killEnemy' }).plan?.cost !== 4) throw new Error('documents smoke: GOAP plan');
if (lintDomain(text).length !== 0 || shipped.$id !== domainJsonSchema.$id) throw new Error('documents smoke: lint or schema');
