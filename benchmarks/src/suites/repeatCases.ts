import { HtnPlanner, compileHtnDomain, htnAgentPlanner, type TaskDef } from '@dualplan/htn';
import { add, bool, createState, defineActions, defineSchema, eq, int, lt } from '@dualplan/world-state';
import type { BenchCase } from '../BenchCase.js';
import { dualplanCase } from '../BenchCase.js';

const PASSES = 20;

/** A patrol of at most 20 passes while no enemy is seen: with `repeat`, and the same passes written out by hand. */
function patrol(byHand: boolean) {
  const schema = defineSchema({ Steps: int(0, 40), Enemy: bool() });
  const k = schema.keys;
  const actions = defineActions(schema, [{ name: 'Walk', conditions: [lt(k.Steps, 40)], effects: [add(k.Steps, 1)] }]);
  const passes: TaskDef[] = Array.from({ length: PASSES }, (_, i) => ({
    kind: 'compound',
    name: `From${i}`,
    methods: [
      { name: 'pass', conditions: [eq(k.Enemy, false)], subtasks: i + 1 < PASSES ? [`Pass${i}`, `From${i + 1}`] : [`Pass${i}`] },
      { name: 'done', subtasks: [] },
    ],
  }));
  const bodies: TaskDef[] = Array.from({ length: PASSES }, (_, i) => ({
    kind: 'compound',
    name: `Pass${i}`,
    methods: [{ name: 'pass', conditions: [eq(k.Enemy, false)], check: 'step', subtasks: ['Walk'] }],
  }));
  const tasks: TaskDef[] = byHand
    ? [{ kind: 'compound', name: 'Patrol', methods: [{ subtasks: ['From0'] }] }, ...passes, ...bodies]
    : [{ kind: 'compound', name: 'Patrol', methods: [{ name: 'walk', subtasks: ['Walk'], repeat: { times: PASSES, while: [eq(k.Enemy, false)] } }] }];
  return { planner: htnAgentPlanner(new HtnPlanner(compileHtnDomain(actions, { root: 'Patrol', tasks }))), state: createState(schema) };
}

/**
 * `repeat` is unrolled when the domain is compiled: planning a 20-pass patrol written with `repeat` costs what the
 * same passes written out by hand cost (the target), and allocates nothing in steady state.
 */
export function repeatCases(suite: string): BenchCase[] {
  const handName = `htn patrol, ${PASSES} passes written out`;
  return [false, true].map((byHand) =>
    dualplanCase(
      {
        suite,
        name: byHand ? handName : `htn patrol, repeat ${PASSES} passes while no enemy`,
        allocOps: 200,
        target: byHand ? { maxGcs: 0 } : { baseline: handName, maxRatio: 1.05, label: '≈ written out' },
      },
      () => {
        const { planner, state } = patrol(byHand);
        return {
          run: () => planner.plan(state, undefined, null),
          check: () => {
            const r = planner.plan(state, undefined, null);
            const walks = r.plan?.steps.length ?? 0;
            return { valid: r.status === 'found' && walks === PASSES, optimal: true, detail: `${walks} passes`, planLength: walks, expanded: r.stats.expanded };
          },
        };
      },
    ),
  );
}
