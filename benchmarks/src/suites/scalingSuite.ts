import { HtnPlanner, htnAgentPlanner } from '@dualplan/htn';
import { trollHtnDomain } from '@dualplan/htn/examples';
import { PlanCache, cachedPlanner } from '@dualplan/runner';
import { dualplanCase, type BenchCase, type SuiteOptions } from '../BenchCase.js';
import { schedulerCrowd } from '../scaling/schedulerRun.js';
import { trollStates } from './agentsSuite.js';

/**
 * The planning scheduler's steady state (issue 14): 10,000 HTN trolls whose
 * runners recheck at 10 Hz, each plan made by one scheduler within 2 ms per
 * frame. One op = one 60 fps frame: every agent ticks, then the scheduler
 * plans. Held to 0 GCs. The frame-time percentiles, latency, pool and cache
 * figures come from `npm run bench:scaling`. The plan cache's hit path (hash
 * the relevant cells, find, return the frozen result) is held to 0 GCs too.
 */
export function scalingSuite({ quick }: SuiteOptions): BenchCase[] {
  return [
    {
      ...dualplanCase(
        {
          suite: 'scaling',
          name: 'scheduler: 10,000 trolls rechecking at 10 Hz, one 60 fps frame (2 ms planning budget)',
          target: { maxGcs: 0 },
          allocOps: quick ? 100 : 600,
        },
        () => {
          const { scheduler, agents } = schedulerCrowd({ agents: 10_000, planner: 'htn', hz: 10, budgetMs: 2, frames: 600 });
          const frame = { dt: 1 / 60 };
          const run = () => {
            const dt = frame.dt;
            for (let i = 0; i < agents.length; i++) agents[i].tick(dt);
            return scheduler.runFrame();
          };
          for (let f = 0; f < 120; f++) run(); // every agent has its first plan
          return {
            run,
            check: () => {
              const running = agents.filter((a) => a.runner().plan !== null).length;
              return {
                valid: running === agents.length,
                optimal: true,
                detail: `${running}/${agents.length} agents running a plan; ${scheduler.stats.answered} answers so far`,
              };
            },
          };
        },
      ),
      heavy: true,
    },
    dualplanCase({ suite: 'scaling', name: 'plan cache: 1,000 hits over 60 troll states', target: { maxGcs: 0 } }, () => {
      const cache = new PlanCache({ capacity: 128 });
      const planner = cachedPlanner(htnAgentPlanner(new HtnPlanner(trollHtnDomain())), cache, { name: 'troll' });
      const states = trollStates(60);
      const ctx = {};
      for (const s of states) planner.plan(s, ctx, null); // fills the cache: every later lookup is a hit
      const filled = cache.stats.misses; // one per distinct situation among the states
      const run = () => {
        let steps = 0;
        for (let i = 0; i < 1000; i++) steps += planner.plan(states[i % states.length], ctx, null).plan?.steps.length ?? 0;
        return steps;
      };
      return {
        run,
        check: () => {
          const before = cache.stats.hits;
          run();
          const hits = cache.stats.hits - before;
          return {
            valid: hits === 1000 && cache.stats.misses === filled,
            optimal: true,
            detail: `${hits}/1000 hits; ${filled} situations planned once, when filling`,
          };
        },
      };
    }),
  ];
}
