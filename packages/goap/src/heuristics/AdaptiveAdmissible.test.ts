import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain } from '../examples/index.js';
import { relevantActions } from '../domain/relevantActions.js';
import { simulate } from '../testUtil.js';
import { AdaptiveAdmissible, LMCUT_STATES_PER_ACTION, SMALL_TABLE, STATES_PER_EXPANSION } from './AdaptiveAdmissible.js';
import { PatternDatabase, patternOf } from './PatternDatabase.js';

/** The work units a forward LM-cut estimate adds toward the goal's table on `d` (see LMCUT_STATES_PER_ACTION). */
function perEstimateOf(d: ReturnType<typeof chainDomain>): number {
  const goal = d.goals[0];
  const relevant = relevantActions(d, goal);
  const actions = relevant.reduce((n, x) => n + x, 0);
  return Math.round((LMCUT_STATES_PER_ACTION * actions) / patternOf(d, goal, relevant)!.cells.length);
}

describe("optimal: true builds a goal's large pattern database only once its searches without it have paid for it", () => {
  test('chain(6) searched again and again: no table until the work so far reaches its states, then the table; equal plans either way', () => {
    const d = chainDomain(6);
    const goal = d.goals[0];
    const pattern = patternOf(d, goal, relevantActions(d, goal))!;
    const states = pattern.states;
    const perEstimate = perEstimateOf(d);
    expect(states).toBe(4096);
    expect(states).toBeGreaterThan(SMALL_TABLE);
    const planner = new GoapPlanner(d, { optimal: true, mode: 'forward' });
    // References: the table from the start, and never a table (the phases).
    const withTable = new GoapPlanner(chainDomain(6), { optimal: true, mode: 'forward', precompute: true });
    const without = new GoapPlanner(chainDomain(6), { optimal: true, mode: 'forward' });
    (without.engine.estimator as unknown as AdaptiveAdmissible<never>).tables = false;
    let spent = 0;
    let work = 0;
    let searches = 0;
    // Start states with some a_i and g_i already true (the plan shrinks), so the searches differ.
    for (let i = 0; searches < 40; i++) {
      const start = createState(d.schema);
      for (let c = 0; c < 12; c++) if ((i * 7 + c * 3) % 5 === 0) start.values[c] = 1;
      const builds = work >= states;
      const r = planner.search(start, 'all');
      searches++;
      expect(PatternDatabase.cached(goal) !== undefined).toBe(builds);
      if (!builds) {
        spent += r.expanded;
        // Each expansion counts STATES_PER_EXPANSION, each LM-cut estimate (the dive estimates every node it expands) perEstimate more.
        const added = AdaptiveAdmissible.rentOf(goal)!.work - work;
        const estimates = (added - r.expanded * STATES_PER_EXPANSION) / perEstimate;
        expect(Number.isInteger(estimates)).toBe(true);
        expect(estimates).toBeGreaterThanOrEqual(r.expanded);
        work += added;
      }
      const a = withTable.search(start, 'all');
      const b = without.search(start, 'all');
      expect(r.status).toBe('found');
      expect(simulate(d, r, start)).not.toBeNull();
      expect([a.cost, b.cost]).toEqual([r.cost, r.cost]);
      if (builds) break;
    }
    // Cheap searches (a dozen expansions each, the LM-cut dive) rent the table for several searches before buying it.
    expect(searches).toBeGreaterThan(5);
    expect(PatternDatabase.cached(goal)).toBeInstanceOf(PatternDatabase);
    expect(work).toBeGreaterThanOrEqual(states);
    // LM-cut's searches count more than their expansions alone: the table comes before the old rule's count.
    expect(spent * STATES_PER_EXPANSION).toBeLessThan(states);
    // With the table, A* walks the optimal plan: one expansion per step.
    const start = createState(d.schema);
    expect(planner.search(start, 'all')).toMatchObject({ status: 'found', cost: 12, expanded: 12 });
  });

  test('a goal whose searches are LM-cut buys its table after fewer expansions than one searched blind; equal costs either way', () => {
    /** chain(6) searched from its empty state until its table is built: the expansions and costs before it. */
    function untilBuilt(blind: boolean) {
      const d = chainDomain(6);
      const goal = d.goals[0];
      const planner = new GoapPlanner(d, { optimal: true, mode: 'forward' });
      const h = planner.engine.estimator as unknown as AdaptiveAdmissible<never>;
      // Blind: no dive, and the probe judges LM-cut flat without sampling it; else the dive ends every search.
      if (blind) {
        h.dive.budget = 0;
        h.probe.verdict = 'flat';
      }
      let expanded = 0;
      const costs = new Set<number>();
      for (let i = 0; i < 100 && PatternDatabase.cached(goal) === undefined; i++) {
        const r = planner.search(createState(d.schema), 'all');
        expect(r.status).toBe('found');
        costs.add(r.cost);
        if (PatternDatabase.cached(goal) === undefined) expanded += r.expanded;
      }
      expect(PatternDatabase.cached(goal)).toBeInstanceOf(PatternDatabase);
      costs.add(planner.search(createState(d.schema), 'all').cost);
      return { expanded, costs: [...costs], rent: AdaptiveAdmissible.rentOf(goal)! };
    }
    const lmcut = untilBuilt(false);
    const blind = untilBuilt(true);
    expect(lmcut.costs).toEqual([12]);
    expect(blind.costs).toEqual([12]);
    // Both bought once their work reached the table's states. Blind expansions count STATES_PER_EXPANSION each (the
    // first search's dive estimated its root only), as the rule counted every expansion before; LM-cut's count
    // perEstimate more each, so that goal bought its table before its expansions alone reached the states.
    const { perEstimate } = lmcut.rent;
    expect(perEstimate).toBe(perEstimateOf(chainDomain(6)));
    expect(perEstimate).toBeGreaterThan(0);
    expect(lmcut.rent.work).toBeGreaterThanOrEqual(4096);
    expect(blind.rent.work).toBeGreaterThanOrEqual(4096);
    expect(blind.rent.work - blind.expanded * STATES_PER_EXPANSION).toBeLessThanOrEqual(2 * perEstimate);
    expect(lmcut.rent.work - lmcut.expanded * STATES_PER_EXPANSION).toBeGreaterThanOrEqual(lmcut.expanded * perEstimate);
    expect(lmcut.expanded * STATES_PER_EXPANSION).toBeLessThan(4096);
  });

  test('a sliced search cancelled without the table counts its expansions too; backward searches do not count', () => {
    const d = chainDomain(6);
    const goal = d.goals[0];
    const back = new GoapPlanner(d, { optimal: true, mode: 'backward' });
    for (let i = 0; i < 50; i++) back.search(createState(d.schema), 'all');
    const planner = new GoapPlanner(d, { optimal: true, mode: 'forward' });
    const first = planner.search(createState(d.schema), 'all');
    expect(PatternDatabase.cached(goal)).toBeUndefined();
    // A search that must expand more than the table's worth (blind from the probe on), cancelled part way.
    const h = planner.engine.estimator as unknown as AdaptiveAdmissible<never>;
    h.dive.budget = 0;
    h.probe.verdict = 'flat';
    planner.engine.begin(createState(d.schema), 'all', undefined);
    planner.engine.step(4096 / STATES_PER_EXPANSION);
    planner.engine.cancel();
    expect(planner.result.expanded).toBeGreaterThanOrEqual(4096 / STATES_PER_EXPANSION - first.expanded);
    expect(PatternDatabase.cached(goal)).toBeUndefined();
    expect(planner.search(createState(d.schema), 'all')).toMatchObject({ status: 'found', cost: 12, expanded: 12 });
    expect(PatternDatabase.cached(goal)).toBeInstanceOf(PatternDatabase);
  });
});

describe("optimal: true opens a goal's next forward search without a table with what its last one measured", () => {
  const adaptiveOf = (planner: GoapPlanner) => planner.engine.estimator as unknown as AdaptiveAdmissible<never>;
  /** chain(7) forward with `optimal: true`, no table, a dive of 3 expansions and the probe's verdict forced. */
  function chainPlanner(verdict: 'flat' | 'lmcut') {
    const d = chainDomain(7);
    const planner = new GoapPlanner(d, { optimal: true, mode: 'forward', maxPlanLength: 64, maxExpansions: 1e6 });
    const h = adaptiveOf(planner);
    h.tables = false;
    h.dive.budget = 3;
    h.probe.verdict = verdict;
    return { d, planner, h, goal: d.goals[0] };
  }
  const expandedBy = (d: ReturnType<typeof chainDomain>, options: ConstructorParameters<typeof GoapPlanner>[1]) =>
    new GoapPlanner(d, { mode: 'forward', maxPlanLength: 64, maxExpansions: 1e6, ...options }).search(createState(d.schema), 'all');

  test('the probe judged LM-cut flat: the next search skips the dive and is blind search, expansion for expansion', () => {
    const { d, planner, h, goal } = chainPlanner('flat');
    expect(h.opensWith(goal)).toBe('dive');
    const first = planner.search(createState(d.schema), 'all');
    expect(h.opensWith(goal)).toBe('blind');
    const blind = expandedBy(d, { weight: 0 });
    // The dive's 3 expansions are no longer paid; the plan costs the same.
    expect(first.expanded).toBe(blind.expanded + 3);
    expect(planner.search(createState(d.schema), 'all')).toMatchObject({ status: 'found', cost: 14, expanded: blind.expanded });
    expect(blind.cost).toBe(14);
    expect(h.opensWith(goal)).toBe('blind');
  });

  test('the probe judged that LM-cut prunes: the next search is LM-cut from the root, expansion for expansion', () => {
    const { d, planner, h, goal } = chainPlanner('lmcut');
    const first = planner.search(createState(d.schema), 'all');
    expect(h.opensWith(goal)).toBe('lmcut');
    const lmcut = expandedBy(d, { heuristic: 'lmcut' });
    expect(lmcut.cost).toBe(14);
    expect(first).toMatchObject({ status: 'found', cost: 14 });
    expect(planner.search(createState(d.schema), 'all')).toMatchObject({ status: 'found', cost: 14, expanded: lmcut.expanded });
    // LM-cut from the root has no later phase, so nothing new is measured: it stays.
    expect(h.opensWith(goal)).toBe('lmcut');
  });

  test('a blind opening whose probe judges that LM-cut prunes hands the goal to LM-cut; a dive that ends the search keeps the dive', () => {
    const { d, planner, h, goal } = chainPlanner('flat');
    planner.search(createState(d.schema), 'all');
    expect(h.opensWith(goal)).toBe('blind');
    h.probe.verdict = 'lmcut';
    expect(planner.search(createState(d.schema), 'all')).toMatchObject({ status: 'found', cost: 14 });
    expect(h.opensWith(goal)).toBe('lmcut');
    // chain(11) has no table (2^22 states); LM-cut is exact there and the dive ends every search.
    const d11 = chainDomain(11);
    const p11 = new GoapPlanner(d11, { optimal: true, mode: 'forward', maxPlanLength: 64 });
    for (let i = 0; i < 3; i++) {
      expect(p11.search(createState(d11.schema), 'all')).toMatchObject({ status: 'found', cost: 22, expanded: 22 });
      expect(adaptiveOf(p11).opensWith(d11.goals[0])).toBe('dive');
    }
  });

  test("each planner measures for itself: another planner's first search of the same goal still dives", () => {
    const { d, planner, goal } = chainPlanner('flat');
    planner.search(createState(d.schema), 'all');
    expect(adaptiveOf(planner).opensWith(goal)).toBe('blind');
    expect(adaptiveOf(new GoapPlanner(d, { optimal: true, mode: 'forward' })).opensWith(goal)).toBe('dive');
  });
});
