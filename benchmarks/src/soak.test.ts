import { describe, expect, it } from '@jest/globals';
import { eventToJSON } from '@dualplan/runner';
import { soakWorld } from './soakWorld.js';

// The short version of `npm run soak` (which runs 10,000 agents for 1,000,000 agent-ticks and reports the heap).
describe('soak with injected faults (short)', () => {
  it('HTN and GOAP trolls keep every invariant while operators, sensors and planners fail at random', () => {
    const world = soakWorld({ agents: 100, seed: 13, throwRate: 0.03 });
    const schema = world.agents[0].state.schema;
    for (let t = 0; t < 300; t++) {
      world.tick();
      // Every started step has ended exactly once, or is the one running now.
      expect(world.counts.started - world.counts.ended).toBe(world.running());
      // Every injected failure produced exactly one fault event.
      expect(world.counts.faults).toBe(world.faults.count);
    }
    for (const a of world.agents)
      for (let c = 0; c < schema.size; c++) expect(a.state.values[c] >= schema.min[c] && a.state.values[c] <= schema.max[c]).toBe(true);
    // Faults were injected, and agents kept planning and finishing steps through them.
    expect(world.faults.count).toBeGreaterThan(50);
    expect(world.counts.succeeded).toBeGreaterThan(world.counts.faults);
    expect(world.counts.plans).toBeGreaterThan(world.agents.length);
  });

  it('is deterministic: the same seed gives a byte-identical event log', () => {
    const log = () => {
      const world = soakWorld({ agents: 20, seed: 5, throwRate: 0.05, keepEvents: true });
      for (let t = 0; t < 150; t++) world.tick();
      return world.events.map((e) => JSON.stringify(eventToJSON(e))).join('\n');
    };
    const first = log();
    expect(first.length).toBeGreaterThan(10_000);
    expect(log()).toBe(first);
  });
});
