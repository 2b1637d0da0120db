import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createState, type Snapshot } from '@dualplan/world-state';
import { HtnPlanner } from '@dualplan/htn';
import { soldierHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { DomainDocumentError, loadDomain } from './index.js';
import { example, exampleText, loadProblems, trollRegistry } from './testDocuments.js';

const steps = (r: { plan: { steps: readonly { task: string }[]; cost: number } | null }) =>
  r.plan ? [r.plan.steps.map((s) => s.task).join(' '), r.plan.cost] : null;

function problemsOf(doc: unknown, registry = {}): string[] {
  try {
    loadDomain(doc, registry);
  } catch (e) {
    if (e instanceof DomainDocumentError) return e.problems.map((p) => `${p.code} ${p.path} ${p.subject}`);
    throw e;
  }
  return [];
}

describe('loadDomain', () => {
  it('loads the soldier document and plans exactly as the TypeScript soldier on both planners', () => {
    const { schema, htn, goap } = loadDomain(exampleText('soldier'));
    const ts = { htn: soldierHtnDomain(), goap: soldierGoapDomain() };
    const starts: Snapshot[] = [{}, { armedwithgun: false }, { enemyvisible: true, weaponloaded: true }, { armedwithgun: false, armedwithbomb: false }];
    for (const start of starts) {
      expect(steps(new HtnPlanner(htn!).plan(createState(schema, start)))).toEqual(steps(new HtnPlanner(ts.htn).plan(createState(ts.htn.schema, start))));
      expect(steps(new GoapPlanner(goap!).plan(createState(schema, start), undefined, { goal: 'killEnemy' }))).toEqual(
        steps(new GoapPlanner(ts.goap).plan(createState(ts.goap.schema, start), undefined, { goal: 'killEnemy' })),
      );
    }
    expect(steps(new HtnPlanner(htn!).plan(createState(schema)))).toEqual(['scout load aim shoot', 4]);
  });

  it('loads the troll with its registry: one action set, both planners', () => {
    const { schema, htn, goap } = loadDomain(example('troll'), trollRegistry);
    const sees = createState(schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    expect(steps(new HtnPlanner(htn!).plan(sees))).toEqual(['NavigateToEnemy DoTrunkSlam DoRecovery', 5]);
    expect(steps(new GoapPlanner(goap!).plan(sees, undefined, { goal: 'attackEnemy' }))).toEqual(['NavigateToEnemy DoTrunkSlam', 4]);
    // Goal selection uses the registry's validity functions: seeing the enemy makes attackEnemy the most urgent valid goal.
    expect(new GoapPlanner(goap!).plan(sees).plan?.meta).toMatchObject({ goal: 'attackEnemy' });
    const noTrunk = createState(schema, { WsCanSeeEnemy: true, WsTrunkHealth: 0 });
    expect(steps(new HtnPlanner(htn!).plan(noTrunk))?.[0]).toBe('FindTrunk NavigateToTrunk UprootTrunk NavigateToEnemy DoTrunkSlam DoRecovery');
  });

  it('names the JSON pointer and the misspelt name, with did-you-mean, for keys, values, tasks, actions and functions', () => {
    const doc = example('troll') as any;
    doc.actions[3].effects[0].key = 'WsAttackedRecentyl';
    doc.actions[1].conditions[1].value = 'Mele';
    doc.htn.tasks[0].methods[0].subtasks[0] = 'AtackEnemy';
    doc.htn.tasks[1].methods[3].subtasks[0] = { task: 'ThrowBoulders' };
    doc.htn.root = 'BeTrunkThumpr';
    doc.goap.goals[0].valid = { fn: 'isTird' };
    expect(problemsOf(doc, trollRegistry)).toEqual([
      'VALUE_OUT_OF_RANGE /actions/1/conditions/1/value WsEnemyRange',
      'UNKNOWN_KEY /actions/3/effects/0/key WsAttackedRecentyl',
      'UNKNOWN_TASK /htn/root BeTrunkThumpr',
      'UNKNOWN_TASK /htn/tasks/0/methods/0/subtasks/0 AtackEnemy',
      'UNKNOWN_TASK /htn/tasks/1/methods/3/subtasks/0/task ThrowBoulders',
      'UNKNOWN_FUNCTION /goap/goals/0/valid/fn isTird',
    ]);
    try {
      loadDomain(doc, trollRegistry);
    } catch (e) {
      const messages = (e as DomainDocumentError).problems.map((p) => p.message);
      expect(messages[1]).toMatch(/^\/actions\/3\/effects\/0\/key: Unknown key "WsAttackedRecentyl".*Did you mean "WsAttackedRecently"\?/);
      expect(messages[3]).toContain('Did you mean "AttackEnemy"?');
      expect(messages[5]).toContain('Did you mean "isTired"?');
    }
  });

  it('reports structure problems from the JSON Schema with their pointers, unknown fields with did-you-mean', () => {
    const doc = example('soldier') as any;
    doc.actions[2].preconditions = doc.actions[2].conditions;
    doc.actions[4].effects[0].op = 'assign';
    doc.actions[5].cost = 'five';
    delete doc.htn.tasks[1].methods[1].subtasks;
    const problems = problemsOf(doc);
    expect(problems).toEqual([
      'UNKNOWN_FIELD /actions/2/preconditions preconditions',
      'BAD_VALUE /actions/4/effects/0/op op',
      'BAD_VALUE /actions/5/cost cost',
      'MISSING_FIELD /htn/tasks/1/methods/1/subtasks subtasks',
    ]);
    expect(problemsOf('{ "keys": [', {})[0]).toMatch(/^BAD_JSON/);
  });

  it('names values JSON cannot hold or show: a bigint, a throwing toJSON, a function or symbol in args (TypeError, DataCloneError before)', () => {
    const big = example('soldier') as any;
    big.actions[5].cost = 10n;
    expect(loadProblems(big)).toEqual([
      'BAD_VALUE /actions/5/cost cost: /actions/5/cost: 10 (bigint) is not a number >= 0 or a function reference { "fn": name }.',
    ]);
    const unprintable = example('soldier') as any;
    unprintable.actions[4].effects[0].op = {
      toJSON() {
        throw new Error('no');
      },
    };
    expect(loadProblems(unprintable)).toEqual([expect.stringMatching(/^BAD_VALUE \/actions\/4\/effects\/0\/op op: .*an object is not/)]);
    for (const arg of [() => 1, Symbol('a')]) {
      const fn = example('soldier') as any;
      fn.actions[0].args = [1, arg];
      expect(loadProblems(fn)).toEqual([expect.stringMatching(/^BAD_VALUE \/actions\/0\/args\/1 1: \/actions\/0\/args\/1: .* is not JSON data\.$/)]);
    }
  });

  it('reports duplicate names, bad schemas and compile errors at the definition they name', () => {
    const dup = example('soldier') as any;
    dup.actions[1].name = 'scout';
    dup.htn.tasks[2].name = 'aim';
    expect(problemsOf(dup)).toEqual([
      'DUPLICATE_NAME /actions/1/name scout',
      'DUPLICATE_NAME /htn/tasks/2/name aim',
      'UNKNOWN_TASK /htn/tasks/0/methods/1/subtasks/1 PrepareShot',
      'UNKNOWN_TASK /htn/tasks/0/methods/2/subtasks/1 approach',
    ]);
    const badKey = example('soldier') as any;
    badKey.keys.push({ name: 'hp', kind: 'int', min: 3, max: 1 });
    expect(problemsOf(badKey)).toEqual(['MIN_GREATER_THAN_MAX /keys/8 hp']);
    const contradictory = example('soldier') as any;
    contradictory.actions[3].conditions.push({ key: 'enemylinedup', op: '==', value: false });
    expect(problemsOf(contradictory)).toEqual(['CONTRADICTORY_PRECONDITIONS /actions/3 shoot']);
  });

  it('returns a frozen document and definitions that do not alias it', () => {
    const loaded = loadDomain(exampleText('soldier'));
    expect(Object.isFrozen(loaded.document.actions[0].conditions![0])).toBe(true);
    expect((loaded.definitions.actions[0].conditions as readonly unknown[])[0]).not.toBe(loaded.document.actions[0].conditions![0]);
  });

  it('ships troll.registry.mjs with exactly the functions troll.json names (for the CLI)', () => {
    const file = join(__dirname, '..', 'examples', 'troll.registry.mjs');
    const script = `import r from ${JSON.stringify(file)}; console.log(JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Object.keys(v).filter((f) => typeof v[f] === 'function')]))));`;
    const shipped = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    expect(shipped).toEqual({ validity: Object.keys(trollRegistry.validity!) });
  });
});
