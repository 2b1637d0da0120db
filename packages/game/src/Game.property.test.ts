import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createGame, type SceneOptions } from './createGame.js';
import type { Game } from './Game.js';
import { squadPlanner } from './soldierDomain.js';

/** A small scene: property runs build many games. */
const small = (seed: number, extra: Partial<SceneOptions> = {}): Game =>
  createGame({
    seed,
    map: { width: 48, height: 30, trees: 25, weapons: 6 },
    villagers: 10,
    squads: 2,
    squadSize: 4,
    // Planning work counted, not timed: runs must not depend on the machine's load.
    scheduler: { frameWork: 5000, clock: () => 0 },
    ...extra,
  });

/** Every claim belongs to an agent that is up and whose running plan still uses it (covers: a takeCover step naming it). */
function checkClaims(game: Game): void {
  const seen = new Set<string>();
  for (const c of game.board.claims()) {
    expect(seen.has(c.resource)).toBe(false);
    seen.add(c.resource);
    const unit = game.unit(c.agent)!;
    expect(game.isDown(unit)).toBe(false);
    if (c.resource.startsWith('cover')) {
      const plan = unit.agent.runner().plan;
      expect(plan?.steps.some((s) => s.operator === 'takeCover' && s.args[0] === c.resource)).toBe(true);
    }
  }
}

/** Knock every unit out: nothing may stay claimed. */
function endAll(game: Game): void {
  for (const u of game.all()) game.knockOut(u);
  expect(game.board.claims()).toEqual([]);
}

describe('game properties (random maps, counts, removals)', () => {
  it('no resource is held by two agents or by a plan that no longer uses it; every claim is released by the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 2, max: 6 }), (seed, squads, size) => {
        const game = small(seed, { squads, squadSize: size });
        for (let i = 0; i < 150; i++) {
          game.step(0.1);
          checkClaims(game);
        }
        endAll(game);
      }),
      { numRuns: 6 },
    );
  });

  it('with the soldiers planning through the scheduler (claims made when it answers), no resource is held twice and all is released', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 2, max: 4 }), (seed, squads) => {
        const game = small(seed, { squads, squadSize: 5, soldierPlanner: (g) => g.scheduler.schedule(squadPlanner()) });
        let coversHeld = 0;
        for (let i = 0; i < 150; i++) {
          game.step(0.1);
          checkClaims(game);
          coversHeld = Math.max(coversHeld, game.board.claims().filter((c) => c.resource.startsWith('cover')).length);
        }
        // Covers were claimed through the scheduler's answers at some point (at the end all may be down or flanking).
        expect(coversHeld).toBeGreaterThan(0);
        endAll(game);
      }),
      { numRuns: 4 },
    );
  });

  it('entities removed at random never leave an agent stuck: plans that used them fail and the agents plan again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.array(fc.nat(), { minLength: 5, maxLength: 30 }), (seed, picks) => {
        const game = small(seed);
        const removeAt = new Map(picks.map((p, i) => [5 + ((p + i * 7) % 140), p]));
        for (let i = 0; i < 200; i++) {
          const pick = removeAt.get(i);
          if (pick !== undefined) {
            const ids = [...game.map.entities()].filter((e) => e.kind !== 'bridge').map((e) => e.id);
            // Prefer what someone holds, so plans really lose targets.
            const held = game.board.claims().map((c) => c.resource);
            const id = held.length > 0 && pick % 2 === 0 ? held[pick % held.length] : ids[pick % ids.length];
            if (id !== undefined) game.removeEntity(id);
          }
          game.step(0.1);
          checkClaims(game);
        }
        // Not stuck: every agent that is up has a plan or is planning, and the soldiers' plans name covers that exist.
        for (const u of game.all()) {
          if (game.isDown(u)) continue;
          const runner = u.agent.runner();
          expect(runner.plan !== null || runner.planning || runner.stats.planCalls > 0).toBe(true);
          for (const s of runner.plan?.steps ?? []) if (s.operator === 'takeCover') expect(game.map.entity(String(s.args[0])) ?? s).not.toBeNull();
        }
        // A removed target's plan failed within a few ticks: a soldier never keeps walking to a removed cover.
        for (const u of game.all()) {
          const step = u.agent.runner().runningStep;
          if (step?.operator === 'takeCover') expect(game.map.entity(String(step.args[0]))).not.toBeNull();
        }
        endAll(game);
      }),
      { numRuns: 6 },
    );
  });

  it('the same seed gives the same event log', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const run = () => {
          const game = small(seed, { log: true });
          for (let i = 0; i < 120; i++) game.step(0.1);
          return game.log;
        };
        const a = run();
        expect(a.length).toBeGreaterThan(50);
        expect(run()).toEqual(a);
      }),
      { numRuns: 3 },
    );
  });
});
