import { describe, expect, test } from '@jest/globals';
import { htnDomainBuilder, HtnPlanner, type HtnDomain } from '@dualplan/htn';
import { trollBasicDomain, trollTrunkDomain } from '@dualplan/htn/examples';
import { bool, createState, defineActions, defineSchema, enumOf, eq, int, ne, set, type WorldState } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import { HddlError } from './HddlError.js';
import { groundHddl } from './compileHddl.js';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';
import { planHddl } from './planHddl.js';
import { saveHddl } from './saveHddl.js';
import { verifyHddlPlan } from './verifyHddlPlan.js';
import { writeIpcPlan } from './writeIpcPlan.js';

/** Plan with the TypeScript domain and with its HDDL export; both step lists, lower-cased. */
function both(htn: HtnDomain, state: WorldState<any>) {
  const ts = new HtnPlanner(htn).plan(state).plan?.steps.map((s) => s.task.toLowerCase()) ?? null;
  const saved = saveHddl(htn, state);
  const domain = parseHddlDomain(saved.domain, 'saved.hddl');
  const problem = parseHddlProblem(saved.problem, domain, 'saved-problem.hddl');
  const result = planHddl(groundHddl(domain, problem), { timeLimitMs: 2000 });
  if (result.decomposition) expect(verifyHddlPlan(domain, problem, writeIpcPlan(result.decomposition)).valid).toBe(true);
  return { ts, hddl: result.decomposition?.primitives.map((p) => p.name) ?? null };
}

// A small game domain over bools, an enum and a small int: guard, fetch the key, open the door.
const schema = defineSchema({ HasKey: bool(), Door: enumOf(['Locked', 'Closed', 'Open'] as const), Alarm: int(0, 2), SeesThief: bool() });
const k = schema.keys;
const actions = defineActions(schema, [
  { name: 'FetchKey', conditions: [eq(k.HasKey, false)], effects: [set(k.HasKey, true)] },
  { name: 'Unlock', conditions: [eq(k.HasKey, true), eq(k.Door, 0)], effects: [set(k.Door, 1)] },
  { name: 'OpenDoor', conditions: [ne(k.Door, 0)], effects: [set(k.Door, 2)] },
  { name: 'RaiseAlarm', conditions: [eq(k.Alarm, 0)], effects: [set(k.Alarm, 2)] },
  { name: 'Wait' },
]);
const guard = htnDomainBuilder(actions, 'guard')
  .compound('Guard')
  .method((kk) => [eq(kk.SeesThief, true)], 'Alarm')
  .task('RaiseAlarm')
  .back()
  .method([], 'Patrol')
  .task('GoThrough')
  .end()
  .compound('GoThrough')
  .method((kk) => [eq(kk.Door, 2)], 'AlreadyOpen')
  .task('Wait')
  .back()
  .method((kk) => [eq(kk.Door, 0)], 'Unlock')
  .task('GetKey')
  .task('Unlock')
  .task('OpenDoor')
  .back()
  .method([], 'Open')
  .task('OpenDoor')
  .end()
  .compound('GetKey')
  .method((kk) => [eq(kk.HasKey, true)], 'Have')
  .back()
  .method([], 'Fetch')
  .task('FetchKey')
  .end()
  .build();

describe('saveHddl', () => {
  test('the troll (trollBasicDomain) exported and read back plans as the TypeScript troll', () => {
    for (const WsCanSeeEnemy of [false, true]) {
      const { ts, hddl } = both(trollBasicDomain(), createState(trollSchema(), { WsCanSeeEnemy }));
      expect(hddl).toEqual(ts);
    }
  });

  test('a domain over bools, an enum and an int round-trips in every state', () => {
    for (const HasKey of [false, true])
      for (const Door of [0, 1, 2])
        for (const Alarm of [0, 1, 2])
          for (const SeesThief of [false, true]) {
            const { ts, hddl } = both(guard, createState(schema, { HasKey, Door, Alarm, SeesThief }));
            expect(hddl).toEqual(ts);
          }
  });

  test('refuses what HDDL cannot express, naming it', () => {
    let error: unknown;
    try {
      saveHddl(trollTrunkDomain(), createState(trollSchema()));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HddlError);
    expect((error as HddlError).code).toBe('EXPORT');
    expect((error as HddlError).message).toMatch(/"(sub|>)" on "WsTrunkHealth"/);
  });
});
