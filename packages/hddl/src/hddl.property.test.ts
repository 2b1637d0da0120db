import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import {
  BLOCKS_HDDL_DOMAIN,
  blocksHddlProblem,
  SATELLITE_HDDL_DOMAIN,
  satelliteHddlProblem,
  TRANSPORT_HDDL_DOMAIN,
  transportHddlProblem,
} from './domains/index.js';
import { groundHddl } from './compileHddl.js';
import { parseHddlDomain } from './parseHddlDomain.js';
import { parseHddlProblem } from './parseHddlProblem.js';
import { planHddl } from './planHddl.js';
import { writeIpcPlan } from './writeIpcPlan.js';
import { verifyHddlPlan } from './verifyHddlPlan.js';
import type { HddlDomain } from './HddlModel.js';

const transport = parseHddlDomain(TRANSPORT_HDDL_DOMAIN, 'transport.hddl');
const blocks = parseHddlDomain(BLOCKS_HDDL_DOMAIN, 'blocks.hddl');
const satellite = parseHddlDomain(SATELLITE_HDDL_DOMAIN, 'satellite.hddl');

/** A generated problem: the domain and the problem text. */
const problems = fc.oneof(
  fc
    .record({ packages: fc.integer({ min: 1, max: 3 }), locations: fc.integer({ min: 2, max: 5 }), trucks: fc.integer({ min: 1, max: 2 }), seed: fc.integer() })
    .map((o) => ({ domain: transport, text: transportHddlProblem(o) })),
  fc.record({ blocks: fc.integer({ min: 1, max: 5 }), seed: fc.integer() }).map((o) => ({ domain: blocks, text: blocksHddlProblem(o) })),
  fc
    .record({ satellites: fc.integer({ min: 1, max: 2 }), observations: fc.integer({ min: 1, max: 4 }), seed: fc.integer() })
    .map((o) => ({ domain: satellite, text: satelliteHddlProblem(o) })),
);

function solve(domain: HddlDomain, text: string) {
  const problem = parseHddlProblem(text, domain, 'p.hddl');
  const result = planHddl(groundHddl(domain, problem), { timeLimitMs: 2000 });
  return { problem, result, plan: result.decomposition ? writeIpcPlan(result.decomposition) : null };
}

/** The plan's lines between `==>` and `<==`, split into primitive and method lines. */
function mutate(plan: string, domain: HddlDomain, kind: number, pick: number): string {
  const lines = plan.trimEnd().split('\n');
  const body = lines.slice(1, -1);
  const prims = body.map((l, i) => [l, i] as const).filter(([l]) => !l.startsWith('root') && !l.includes('->'));
  const meths = body.map((l, i) => [l, i] as const).filter(([l]) => l.includes('->'));
  const at = <T>(xs: readonly T[]) => xs[pick % xs.length];
  const out = [...body];
  if (kind === 0 && prims.length > 0)
    out.splice(at(prims)[1], 1); // drop a step
  else if (kind === 1 && meths.length > 0)
    out.splice(at(meths)[1], 1); // drop a method line
  else if (kind === 2 && prims.length > 1) {
    // swap two steps (in a total order every two steps are ordered)
    const i = pick % prims.length;
    const j = (i + 1 + (pick % (prims.length - 1))) % prims.length;
    [out[prims[i][1]], out[prims[j][1]]] = [prims[j][0], prims[i][0]];
  } else if (kind === 3 && prims.length > 0) {
    // rename a step's action to another action of the domain (the parent's subtasks no longer match)
    const [line, i] = at(prims);
    const words = line.split(' ');
    const names = [...domain.actions.keys()].filter((n) => n !== words[1]);
    words[1] = at(names);
    out[i] = words.join(' ');
  } else if (meths.length > 0) {
    // rename a method line's method to a method of another task
    const [line, i] = at(meths);
    const [head, tail] = line.split(' -> ');
    const ws = tail.split(' ');
    const task = head.split(' ')[1];
    const others = domain.methods.filter((m) => m.task !== task);
    ws[0] = at(others).name;
    out[i] = `${head} -> ${ws.join(' ')}`;
  } else return '';
  return ['==>', ...out, '<=='].join('\n');
}

describe('plans of generated problems', () => {
  test('every plan found is valid', () => {
    fc.assert(
      fc.property(problems, ({ domain, text }) => {
        const { problem, result, plan } = solve(domain, text);
        expect(result.status).not.toBe('none');
        if (plan) expect(verifyHddlPlan(domain, problem, plan)).toEqual({ valid: true, errors: [] });
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  test('a plan with a step or method line dropped, two steps swapped or a name changed is rejected', () => {
    fc.assert(
      fc.property(problems, fc.integer({ min: 0, max: 4 }), fc.nat(), ({ domain, text }, kind, pick) => {
        const { problem, plan } = solve(domain, text);
        if (!plan) return;
        const bad = mutate(plan, domain, kind, pick);
        if (bad === '') return; // nothing of that kind to mutate (a plan with no steps)
        const v = verifyHddlPlan(domain, problem, bad);
        expect(v.valid).toBe(false);
        expect(v.errors[0].line).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
