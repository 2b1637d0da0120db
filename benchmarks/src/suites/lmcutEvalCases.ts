import { GoapPlanner } from '@dualplan/goap';
import { BLOCKS_DOMAIN, blocksProblem, importPddl } from '@dualplan/pddl';
import { createState } from '@dualplan/world-state';
import { dualplanCase, type BenchCase } from '../BenchCase.js';

/** The planner internals this case reads: the search's stored nodes and its heuristic (not public API). */
interface SearchInternals {
  readonly engine: {
    readonly space: { readonly count: number; readonly width: number; readonly base: Int32Array; readonly words: Int32Array; readonly unsat: Int32Array };
    readonly estimator: { prepare(s: unknown): void; estimate(s: unknown, words: Int32Array, at: number, unsat: number): number };
  };
}

/**
 * LM-cut evaluations per second on blocks world with `n` blocks: up to 2,000 nodes one backward LM-cut search stored
 * (its regressed goals) are estimated again, each once and in the order stored, after the heuristic is prepared for
 * a search. The report's "expanded/s" column is then evaluations per second; the heuristic alone is timed.
 */
export function lmcutEvalCase(suite: string, n: number): BenchCase {
  return dualplanCase(
    { suite, name: `blocks ${n} LM-cut evaluations`, allocOps: 20, target: { maxGcs: 0, label: 'evaluations/s in the expanded/s column' } },
    () => {
      const imp = importPddl(BLOCKS_DOMAIN, blocksProblem({ blocks: n, seed: 1 }));
      const planner = new GoapPlanner(imp.goap, { mode: 'backward', heuristic: 'lmcut', maxExpansions: 3000, maxNodes: 1 << 22, maxPlanLength: 256 });
      planner.search(createState(imp.schema), imp.goalName);
      const engine = (planner as unknown as SearchInternals).engine;
      const space = engine.space;
      const nodes: { words: Int32Array; unsat: number }[] = [];
      // The first 2,000 stored: the search's early nodes, which it evaluates when popped.
      for (let i = 0; i < space.count && nodes.length < 2000; i++) {
        if (space.base[i] >= 0) nodes.push({ words: space.words.slice(space.base[i], space.base[i] + space.width), unsat: space.unsat[i] });
      }
      const h = engine.estimator;
      const run = () => {
        let sum = 0;
        h.prepare(engine);
        for (const node of nodes) sum += h.estimate(engine, node.words, 0, node.unsat);
        return sum;
      };
      return {
        run,
        check: () => {
          const sum = run();
          const valid = nodes.length > 0 && Number.isFinite(sum);
          return { valid, optimal: valid, expanded: nodes.length, detail: `${nodes.length} regressed goals, mean LM-cut ${(sum / nodes.length).toFixed(2)}` };
        },
      };
    },
  );
}
