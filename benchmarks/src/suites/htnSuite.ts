import { compileHtnDomain, type HtnDomain } from '@dualplan/htn';
import { blocksProblem, blocksSolved, trollHtnDomain, trollTrunkDomain } from '@dualplan/htn/examples';
import { add, defineSchema, eq, gt, int, sub, defineActions } from '@dualplan/world-state';
import type { BenchCase, SuiteOptions } from '../BenchCase.js';
import { htnAiTrollPlanner } from '../peers/htnAiTroll.js';
import { mahlerTrollPlanner } from '../peers/mahlerPeer.js';
import { TROLL_UPROOT, judgeTrollPlan } from '../trollScenarios.js';
import { htnCase, htnSetup, type HtnCaseSpec } from './htnCases.js';
import { htnParityCases } from './htnParityCases.js';
import { htnParallelCases } from './htnParallelCases.js';

const UPROOT_START = { WsCanSeeEnemy: true, WsTrunkHealth: 0 };

/** The trunk domain (the trunk breaks after three hits; AttackEnemy recurses after uprooting a new one), seeing the enemy with no trunk in hand. */
const trunkSetup = () => htnSetup(trollTrunkDomain(), UPROOT_START);

/** Blocks world with `n` blocks (seed 1): its setup, and the goal towers as the expectation. */
function blocksSetup(n: number): Pick<HtnCaseSpec, 'setup' | 'expect'> {
  let goal: ReturnType<typeof blocksProblem>['goal'];
  return {
    setup: () => {
      const p = blocksProblem(n, 1);
      goal = p.goal;
      return { domain: p.domain, state: p.state, request: p.request };
    },
    expect: (final, names) => (blocksSolved(final, goal) ? null : `goal towers not reached by ${names.length} steps`),
  };
}

/** One case per x: the points of one scaling curve. */
function htnCurve(suite: string, id: string, xLabel: string, xs: readonly number[], point: (x: number) => Omit<HtnCaseSpec, 'suite' | 'curve'>): BenchCase[] {
  return xs.map((x) => htnCase({ suite, curve: { id, x, xLabel }, ...point(x) }));
}

/** Recursion `depth` deep: Count → [n > 0] Tick, Count | [] Done. */
function deepDomain(depth: number): HtnDomain<any> {
  const schema = defineSchema({ n: int(0, depth, depth) });
  const k = schema.keys;
  return compileHtnDomain(defineActions(schema, [{ name: 'Tick', effects: [sub(k.n, 1)] }, { name: 'Done' }]), {
    root: 'Count',
    tasks: [
      {
        kind: 'compound',
        name: 'Count',
        methods: [
          { name: 'more', conditions: [gt(k.n, 0)], subtasks: ['Tick', 'Count'] },
          { name: 'done', subtasks: ['Done'] },
        ],
      },
    ],
  });
}

/** A root with `width` methods of which only the last applies: the cost of trying methods in order. */
function wideDomain(width: number): HtnDomain<any> {
  const schema = defineSchema({ mode: int(0, width, width - 1), acted: int(0, 1) });
  const k = schema.keys;
  const actions = defineActions(
    schema,
    Array.from({ length: 10 }, (_, j) => ({ name: `Act${j}`, effects: [add(k.acted, 1)] })),
  );
  return compileHtnDomain(actions, {
    root: 'Choose',
    tasks: [
      {
        kind: 'compound',
        name: 'Choose',
        methods: Array.from({ length: width }, (_, i) => ({ name: `m${i}`, conditions: [eq(k.mode, i)], subtasks: [`Act${i % 10}`] })),
      },
    ],
  });
}

/** HTN (issue 3 and 6): troll with peers, blocks world, deep recursion, wide domains, best-first vs DFS. */
export function htnSuite({ quick }: SuiteOptions): BenchCase[] {
  const suite = 'htn';
  const scenario = 'HTN troll (trunk domain)';
  const cases: BenchCase[] = [
    htnCase({
      suite,
      name: 'troll uproot + slam (trunk domain)',
      scenario,
      allocOps: 100_000,
      target: { maxNs: 500, maxGcs: 0, label: '≤ 0.5 µs' },
      setup: trunkSetup,
      expect: TROLL_UPROOT.expected,
    }),
    ...(['htn-ai', 'mahler'] as const).map((impl): BenchCase => ({
      suite,
      name: 'troll uproot + slam (trunk domain)',
      impl,
      scenario,
      target: impl === 'htn-ai' ? { minRatio: 20, label: '≥ 20×' } : undefined,
      prepare() {
        const plan = (impl === 'htn-ai' ? htnAiTrollPlanner : mahlerTrollPlanner)(TROLL_UPROOT.start);
        return { run: plan, check: () => judgeTrollPlan(TROLL_UPROOT, plan()) };
      },
    })),
    htnCase({
      suite,
      name: 'troll, full domain',
      allocOps: 100_000,
      setup: () => htnSetup(trollHtnDomain(), UPROOT_START),
      // With WsIsTired: the slam tires the troll, so recovery follows it.
      expect: [...TROLL_UPROOT.expected, 'DoRecovery'],
    }),
    ...htnCurve(suite, 'HTN blocks world', 'blocks', quick ? [10, 19, 50] : [10, 19, 50, 100], (n) => ({
      name: `blocks world ${n}`,
      options: { maxDepth: 100_000, maxSteps: 10_000_000 },
      ...blocksSetup(n),
    })),
    ...htnCurve(suite, 'HTN deep recursion', 'depth', quick ? [10, 100, 1000] : [10, 100, 1000, 10_000], (depth) => ({
      name: `deep recursion ${depth}`,
      options: { maxDepth: depth * 4 + 16, maxSteps: depth * 16 + 64 },
      setup: () => htnSetup(deepDomain(depth)),
      expect: [...Array.from({ length: depth }, () => 'Tick'), 'Done'],
    })),
    ...htnCurve(suite, 'HTN wide domains', 'methods', quick ? [10, 100, 1000] : [10, 30, 100, 300, 1000], (width) => ({
      name: `wide domain ${width} methods`,
      options: { maxSteps: width * 4 + 64 },
      setup: () => htnSetup(wideDomain(width)),
      expect: [`Act${(width - 1) % 10}`],
    })),
  ];
  for (const mode of ['ordered', 'best-first'] as const) {
    const label = mode === 'ordered' ? 'DFS (ordered)' : 'best-first';
    cases.push(
      htnCase({
        suite,
        name: `troll trunk domain ${label}`,
        options: { mode },
        allocOps: 100_000,
        setup: trunkSetup,
        // Best-first returns the cheapest full decomposition whatever the method order: patrolling (3 steps) beats attacking (5).
        expect: mode === 'ordered' ? TROLL_UPROOT.expected : ['ChooseBridgeToCheck', 'NavigateToBridge', 'CheckBridge'],
      }),
      htnCase({ suite, name: `blocks world 19 ${label}`, options: { mode, maxDepth: 100_000, maxSteps: 10_000_000 }, ...blocksSetup(19) }),
    );
  }
  cases.push(...htnParityCases(suite));
  cases.push(...htnParallelCases(suite));
  return cases;
}
