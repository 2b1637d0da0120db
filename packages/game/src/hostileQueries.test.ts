import { describe, expect, it } from '@jest/globals';
import { createGame } from './createGame.js';
import type { QueryAnswer } from './QueryService.js';

/** A small game whose plan-time path queries are answered by `answer`. */
function gameWith(answer: QueryAnswer) {
  return createGame({ seed: 3, map: { width: 48, height: 30 }, villagers: 0, squads: 2, squadSize: 4, queryAnswer: answer, queryTimeout: 1 });
}

/** Run `seconds`, letting promises settle between frames (as a browser does). */
async function run(game: ReturnType<typeof gameWith>, seconds: number): Promise<void> {
  for (let t = 0; t < seconds; t += 0.1) {
    game.step(0.1);
    await Promise.resolve();
  }
}

const soldiers = (game: ReturnType<typeof gameWith>) => game.all().filter((u) => u.kind === 'soldier');

describe('hostile plan-time queries: contained, reported, nothing held forever, agents recover', () => {
  it.each([
    ['never answers', () => new Promise<number>(() => {}), 'QUERY_TIMEOUT'],
    [
      'throws',
      () => {
        throw new Error('broken');
      },
      'QUERY_FAILED',
    ],
    ['rejects', () => Promise.reject(new Error('broken')), 'QUERY_FAILED'],
    ['finds no path', () => Infinity, 'NO_PATH'],
  ] as const)('a query that %s: typed errors, soldiers still plan (without cover)', async (_name, answer, code) => {
    const game = gameWith(answer as QueryAnswer);
    await run(game, 4);
    expect(game.stats.problems).toBeGreaterThan(0);
    expect(game.problems.every((e) => e.code === code)).toBe(true);
    expect(game.problems[0].subject).toMatch(/^query \d+ /);
    // Without answers no cover is ever chosen or claimed, and every soldier got a plan anyway (flank, patrol).
    expect(game.board.claims().filter((c) => c.resource.startsWith('cover'))).toEqual([]);
    for (const s of soldiers(game)) expect(s.agent.runner().stats.plansFound).toBeGreaterThan(0);
  });

  it('with the real pathfinder the same squads do take covers', async () => {
    const game = createGame({ seed: 3, map: { width: 48, height: 30 }, villagers: 0, squads: 2, squadSize: 4 });
    await run(game, 4);
    expect(game.stats.problems).toBe(0);
    expect(game.board.claims().filter((c) => c.resource.startsWith('cover')).length).toBeGreaterThan(0);
  });
});
