import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createState, type Plan, type PlanResult, type Snapshot } from '@dualplan/world-state';
import { HtnPlanner } from '@dualplan/htn';
import { soldierHtnDomain, trollHtnDomain } from '@dualplan/htn/examples';
import { GoapPlanner } from '@dualplan/goap';
import { soldierGoapDomain, trollGoapDomain } from '@dualplan/goap/examples';
import { loadDomain } from './index.js';
import { example, trollRegistry } from './testDocuments.js';

const summary = (r: PlanResult<unknown>) => [
  r.status,
  (r.plan as Plan<unknown> | null)?.steps.map((s) => `${s.task}/${s.operator}(${s.args.join(',')})`),
  r.plan?.cost,
];

/** Random start states over a document's keys (enum values by name). */
function states(keys: readonly { name: string; kind: string; values?: readonly string[]; min?: number; max?: number }[]): fc.Arbitrary<Snapshot> {
  const record: Record<string, fc.Arbitrary<boolean | number | string>> = {};
  for (const k of keys) {
    record[k.name] = k.kind === 'bool' ? fc.boolean() : k.kind === 'int' ? fc.integer({ min: k.min!, max: k.max! }) : fc.constantFrom(...k.values!);
  }
  return fc.record(record) as fc.Arbitrary<Snapshot>;
}

describe('the example documents are the TypeScript example agents', () => {
  it('soldier.json plans as soldierHtnDomain and soldierGoapDomain from any state', () => {
    const doc = example('soldier');
    const file = loadDomain(doc);
    const ts = { htn: soldierHtnDomain(), goap: soldierGoapDomain() };
    fc.assert(
      fc.property(states(doc.keys as never), (start) => {
        expect(summary(new HtnPlanner(file.htn!).plan(createState(file.schema, start)))).toEqual(
          summary(new HtnPlanner(ts.htn).plan(createState(ts.htn.schema, start))),
        );
        expect(summary(new GoapPlanner(file.goap!).plan(createState(file.schema, start)))).toEqual(
          summary(new GoapPlanner(ts.goap).plan(createState(ts.goap.schema, start))),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('troll.json (with its registry) plans as trollHtnDomain and trollGoapDomain from any state', () => {
    const doc = example('troll');
    const file = loadDomain(doc, trollRegistry);
    const ts = { htn: trollHtnDomain(), goap: trollGoapDomain() };
    fc.assert(
      fc.property(states(doc.keys as never), (start) => {
        expect(summary(new HtnPlanner(file.htn!).plan(createState(file.schema, start)))).toEqual(
          summary(new HtnPlanner(ts.htn).plan(createState(ts.htn.schema, start))),
        );
        // Goal selection runs the registry's validity functions against the TypeScript closures'.
        expect(summary(new GoapPlanner(file.goap!).plan(createState(file.schema, start)))).toEqual(
          summary(new GoapPlanner(ts.goap).plan(createState(ts.goap.schema, start))),
        );
      }),
      { numRuns: 100 },
    );
  });
});
