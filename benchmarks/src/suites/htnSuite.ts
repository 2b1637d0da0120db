import { compileDomain, type Domain } from '@dualplan/htn';
import { blocksProblem, blocksSolved, trollDomain, trollTrunkDomain } from '@dualplan/htn/examples';
import { add, createState, defineSchema, eq, gt, int, sub } from '@dualplan/world-state';
import { trollSchema } from '@dualplan/world-state/examples';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { htnAiTrollPlanner } from '../peers/htnAiTroll.js';
import { mahlerTrollPlanner } from '../peers/mahlerPeer.js';
import { TROLL_UPROOT, judgeTrollPlan } from '../trollScenarios.js';
import { htnCase } from './htnCases.js';

const UPROOT_START = { WsCanSeeEnemy: true, WsTrunkHealth: 0 };

/** Recursion `depth` deep: Count → [n > 0] Tick, Count | [] Done. */
function deepDomain(depth: number): Domain<any> {
  const schema = defineSchema({ n: int(0, depth, depth) });
  const k = schema.keys;
  return compileDomain(schema, {
    root: 'Count',
    tasks: [
      { kind: 'compound', name: 'Count', methods: [{ name: 'more', conditions: [gt(k.n, 0)], subtasks: ['Tick', 'Count'] }, { name: 'done', subtasks: ['Done'] }] },
      { kind: 'primitive', name: 'Tick', effects: [sub(k.n, 1)] },
      { kind: 'primitive', name: 'Done' },
    ],
  });
}

/** A root with `width` methods of which only the last applies: the cost of trying methods in order. */
function wideDomain(width: number): Domain<any> {
  const schema = defineSchema({ mode: int(0, width, width - 1), acted: int(0, 1) });
  const k = schema.keys;
  return compileDomain(schema, {
    root: 'Choose',
    tasks: [
      { kind: 'compound', name: 'Choose', methods: Array.from({ length: width }, (_, i) => ({ name: `m${i}`, conditions: [eq(k.mode, i)], subtasks: [`Act${i % 10}`] })) },
      ...Array.from({ length: 10 }, (_, j) => ({ kind: 'primitive' as const, name: `Act${j}`, effects: [add(k.acted, 1)] })),
    ],
  });
}

/** HTN (issue 3 and 6): troll with peers, blocks world, deep recursion, wide domains, best-first vs DFS. */
export function htnSuite({ quick }: SuiteOptions): BenchCase[] {
  const suite = 'htn';
  const scenario = 'HTN troll (§12.6)';
  const cases: BenchCase[] = [
    htnCase({
      suite,
      name: 'troll uproot + slam (§12.6 domain)',
      scenario,
      allocOps: 100_000,
      target: { maxNs: 500, label: '≤ 0.5 µs' },
      setup: () => {
        const domain = trollTrunkDomain();
        return { domain, state: createState(domain.schema, UPROOT_START) };
      },
      expect: TROLL_UPROOT.expected,
    }),
    ...(['htn-ai', 'mahler'] as const).map(
      (impl): BenchCase => ({
        suite,
        name: 'troll uproot + slam (§12.6 domain)',
        impl,
        scenario,
        target: impl === 'htn-ai' ? { minRatio: 20, label: '≥ 20×' } : undefined,
        prepare() {
          const plan = (impl === 'htn-ai' ? htnAiTrollPlanner : mahlerTrollPlanner)(TROLL_UPROOT.start);
          return { run: plan, check: () => judgeTrollPlan(TROLL_UPROOT, plan()) };
        },
      }),
    ),
    htnCase({
      suite,
      name: 'troll, full domain (§12.3–12.8)',
      allocOps: 100_000,
      setup: () => ({ domain: trollDomain(), state: createState(trollSchema(), UPROOT_START) }),
      // §12.8 with WsIsTired: the slam tires the troll, so recovery follows it.
      expect: [...TROLL_UPROOT.expected, 'DoRecovery'],
    }),
  ];
  for (const n of quick ? [10, 19, 50] : [10, 19, 50, 100]) {
    cases.push(
      htnCase({
        suite,
        name: `blocks world ${n}`,
        curve: { id: 'HTN blocks world', x: n, xLabel: 'blocks' },
        options: { maxDepth: 100_000, maxSteps: 10_000_000 },
        setup: () => {
          const p = blocksProblem(n, 1);
          return { domain: p.domain, state: p.state, request: p.request };
        },
        expect: (final, names) => (blocksSolved(final, blocksProblem(n, 1).goal) ? null : `goal towers not reached by ${names.length} steps`),
      }),
    );
  }
  for (const depth of quick ? [10, 100, 1000] : [10, 100, 1000, 10_000]) {
    cases.push(
      htnCase({
        suite,
        name: `deep recursion ${depth}`,
        curve: { id: 'HTN deep recursion', x: depth, xLabel: 'depth' },
        options: { maxDepth: depth * 4 + 16, maxSteps: depth * 16 + 64 },
        setup: () => {
          const domain = deepDomain(depth);
          return { domain, state: createState(domain.schema) };
        },
        expect: [...Array.from({ length: depth }, () => 'Tick'), 'Done'],
      }),
    );
  }
  for (const width of quick ? [10, 100, 1000] : [10, 30, 100, 300, 1000]) {
    cases.push(
      htnCase({
        suite,
        name: `wide domain ${width} methods`,
        curve: { id: 'HTN wide domains', x: width, xLabel: 'methods' },
        options: { maxSteps: width * 4 + 64 },
        setup: () => {
          const domain = wideDomain(width);
          return { domain, state: createState(domain.schema) };
        },
        expect: [`Act${(width - 1) % 10}`],
      }),
    );
  }
  for (const mode of ['ordered', 'best-first'] as const) {
    cases.push(
      htnCase({
        suite,
        name: `troll §12.6 ${mode === 'ordered' ? 'DFS (ordered)' : 'best-first'}`,
        options: { mode },
        allocOps: 100_000,
        setup: () => {
          const domain = trollTrunkDomain();
          return { domain, state: createState(domain.schema, UPROOT_START) };
        },
        // Best-first returns the cheapest full decomposition whatever the method order: patrolling (3 steps) beats attacking (5).
        expect: mode === 'ordered' ? TROLL_UPROOT.expected : ['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge'],
      }),
      htnCase({
        suite,
        name: `blocks world 19 ${mode === 'ordered' ? 'DFS (ordered)' : 'best-first'}`,
        options: { mode, maxDepth: 100_000, maxSteps: 10_000_000 },
        setup: () => {
          const p = blocksProblem(19, 1);
          return { domain: p.domain, state: p.state, request: p.request };
        },
        expect: (final, names) => (blocksSolved(final, blocksProblem(19, 1).goal) ? null : `goal towers not reached by ${names.length} steps`),
      }),
    );
  }
  return cases;
}
