import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainRegistry } from '@dualplan/documents';
import { runCli, type CliIo } from './index.js';

const examples = join(__dirname, '..', '..', 'documents', 'examples');
const trollRegistry: DomainRegistry = {
  validity: {
    isTired: (s) => s.values[s.schema.cellOf('WsIsTired')] === 1,
    seesEnemy: (s) => s.values[s.schema.cellOf('WsCanSeeEnemy')] === 1,
    lostSightOfEnemy: (s) => s.values[s.schema.cellOf('WsHasSeenEnemyRecently')] === 1 && s.values[s.schema.cellOf('WsCanSeeEnemy')] === 0,
  },
};

/** Run the CLI in-process over in-memory files (plus the shipped examples), capturing its output. */
async function run(argv: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    readFile: (path) => files[path] ?? readFileSync(join(examples, path), 'utf8'),
    loadRegistry: async (path) => {
      if (path === 'troll.registry.mjs') return trollRegistry;
      throw new Error(`Cannot find module '${path}'`);
    },
  };
  const code = await runCli(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('dualplan plan', () => {
  it('prints the HTN plan, its cost and the operator calls (exit 0)', async () => {
    const r = await run(['plan', 'troll.json', '--state', 'sees.json', '--registry', 'troll.registry.mjs'], {
      'sees.json': '{ "WsCanSeeEnemy": true, "WsTrunkHealth": 3 }',
    });
    expect(r).toEqual({
      code: 0,
      out: [
        'plan (HTN, task BeTrunkThumper, troll.json): 3 steps, cost 5',
        '  1. NavigateToEnemy  -> NavigateTo(2)',
        '  2. DoTrunkSlam  -> TrunkSlam("TrunkSlamAnim")',
        '  3. DoRecovery  -> Recover("TrunkSlamRecoverAnim")',
      ].join('\n'),
      err: '',
    });
    // docs/authoring.md shows this very output.
    expect(readFileSync(join(__dirname, '../../../docs/authoring.md'), 'utf8')).toContain(
      `$ dualplan plan troll.json --state seen.json --registry troll.registry.mjs\n${r.out}\n`,
    );
  });

  it('plans a GOAP goal with --goal, and by goal selection with --planner goap', async () => {
    const soldier = await run(['plan', 'soldier.json', '--goal', 'killEnemy']);
    expect(soldier.code).toBe(0);
    expect(soldier.out.split('\n')[0]).toBe('plan (GOAP, goal killEnemy, soldier.json): 4 steps, cost 4');
    const troll = await run(['plan', 'troll.json', '--planner', 'goap', '--state', 's.json', '--registry', 'troll.registry.mjs'], {
      's.json': '{ "WsIsTired": true }',
    });
    expect(troll.out.split('\n')[0]).toBe('plan (GOAP, goal recover, troll.json): 1 step, cost 1');
  });

  it('explains why there is no plan (exit 1)', async () => {
    const r = await run(['plan', 'soldier.json', '--goal', 'killEnemy', '--state', 'unarmed.json'], {
      'unarmed.json': '{ "armedwithgun": false, "armedwithbomb": false }',
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^no plan \(GOAP, goal killEnemy\): none\nwhy: /);
    expect(r.out).toContain('armedwithgun == true (needed by action scout) is not an effect of any action');
    // HTN: every method of the root in order, with the condition that rejected it.
    const htn = await run(['plan', 'soldier.json', '--state', 'unarmed.json'], { 'unarmed.json': '{ "armedwithgun": false, "armedwithbomb": false }' });
    expect(htn.code).toBe(1);
    expect(htn.out).toContain('no plan (HTN, task KillEnemy): none\n');
    expect(htn.out).toContain('\n  method 1 Shoot: armedwithgun == true\n  method 2 Bomb: armedwithbomb == true\n');
    expect(readFileSync(join(__dirname, '../../../docs/authoring.md'), 'utf8')).toContain(`$ dualplan plan soldier.json --state unarmed.json\n${htn.out}\n`);
    const traced = await run(['plan', 'soldier.json', '--state', 'unarmed.json', '--trace'], {
      'unarmed.json': '{ "armedwithgun": false, "armedwithbomb": false }',
    });
    expect(traced.out).toMatch(/^trace:\nhtn KillEnemy/);
    expect(traced.out).toContain('method 1 Shoot: armedwithgun == true');
  });

  it('prints the search trace with --trace', async () => {
    const r = await run(['plan', 'soldier.json', '--goal', 'killEnemy', '--trace']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^trace:\ngoap killEnemy \(backward\): found, cost 4, 4 steps\n/);
    expect(r.out).toContain('x detonatebomb: effectConflicts effect alive = false conflicts with alive == true');
  });

  it('rejects bad input with exit 2, naming the flag, file, key or function', async () => {
    const cases: [string[], RegExp, Record<string, string>?][] = [
      [['plan', 'soldier.json', '--gaol', 'killEnemy'], /Unknown option '--gaol'.*Did you mean "--goal"\?/s],
      [['plan', 'soldier.json', '--goal', 'killEnemy', '--task', 'KillEnemy'], /--goal \(GOAP\) or --task \(HTN\)/],
      [['plan', 'soldier.json', '--planner', 'bt'], /--planner must be htn or goap/],
      [['plan', 'soldier.json', '--goal', 'kilEnemy'], /kilEnemy.*Did you mean "killEnemy"\?/s],
      [['plan', 'soldier.json', '--state', 's.json'], /Unknown key "armedwithgu".*Did you mean "armedwithgun"\?/s, { 's.json': '{ "armedwithgu": true }' }],
      [['plan', 'soldier.json', '--state', 's.json'], /"s.json" is not JSON/, { 's.json': '{ nope' }],
      [['plan', 'troll.json'], /\/goap\/goals\/0\/valid\/fn: no validity function "isTired"/],
      [['plan', 'troll.json', '--registry', 'missing.mjs'], /Cannot load the registry "missing.mjs"/],
      [['plan', 'nowhere.json'], /Cannot read "nowhere.json"/],
      [['lint', 'soldier.json', '--goal', 'x'], /"dualplan lint" does not take --goal/],
      [['lnit', 'soldier.json'], /Unknown command "lnit". Did you mean "lint"\?/],
      [[], /No command given/],
    ];
    for (const [argv, message, files] of cases) {
      const r = await run(argv, files);
      expect([argv.join(' '), r.code]).toEqual([argv.join(' '), 2]);
      expect(r.err).toMatch(message);
    }
  });
});

describe('dualplan lint', () => {
  it('exits 0 on a clean domain and 1 on lint errors, each finding naming its path', async () => {
    expect(await run(['lint', 'troll.json'])).toEqual({ code: 0, out: 'no findings', err: '' });
    const r = await run(['lint', 'soldier.json', '--operators', 'scout,approach,aim,shoot,load,detonatebomb']);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      'error UNKNOWN_OPERATOR /actions/6/name: flee: action "flee" runs operator "flee", which the operator map does not have.\n1 error(s), 0 warning(s)',
    );
    const json = await run(['lint', 'soldier.json', '--operators', 'scout', '--json']);
    expect(json.out.split('\n').map((l) => JSON.parse(l).code)).toEqual(Array(6).fill('UNKNOWN_OPERATOR'));
  });

  it('exits 0 with warnings only, and 2 on a document that does not load', async () => {
    const doc = JSON.parse(readFileSync(join(examples, 'soldier.json'), 'utf8'));
    doc.keys.push({ name: 'unused', kind: 'bool' });
    expect(await run(['lint', 'w.json'], { 'w.json': JSON.stringify(doc) })).toMatchObject({
      code: 0,
      out: 'warning UNUSED_KEY /keys/8: unused: key "unused" is neither read nor written by any action, method or goal.\n0 error(s), 1 warning(s)',
    });
    doc.actions[0].efects = [];
    const bad = await run(['lint', 'bad.json'], { 'bad.json': JSON.stringify(doc) });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^error UNKNOWN_FIELD \/actions\/0\/efects: unknown field "efects". Did you mean "effects"\?/);
  });
});

describe('dualplan schema', () => {
  it('prints the JSON Schema', async () => {
    const r = await run(['schema']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'dualplan domain document' });
    expect((await run(['--help'])).out).toMatch(/^Usage:/);
  });
});
