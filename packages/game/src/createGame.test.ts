import { describe, expect, it } from '@jest/globals';
import { createGame, DEFAULT_SCENE } from './createGame.js';
import { isArmed } from './villagerUnit.js';

describe('createGame', () => {
  it('the default scene has at least 200 agents, and in 60 s the troll uproots and slams, squads take distinct covers, villagers arm', () => {
    const game = createGame({ seed: 1 });
    expect(game.all().length).toBeGreaterThanOrEqual(200);
    expect(DEFAULT_SCENE.villagers).toBe(152);
    let maxCovers = 0;
    for (let i = 0; i < 600; i++) {
      game.step(0.1);
      const covers = game.board.claims().filter((c) => c.resource.startsWith('cover'));
      maxCovers = Math.max(maxCovers, covers.length);
    }
    const s = game.stats;
    expect(s.uprooted).toBeGreaterThan(0);
    expect(s.trollSlams).toBeGreaterThan(0);
    expect(maxCovers).toBeGreaterThan(1);
    expect(game.all().filter(isArmed).length).toBeGreaterThan(0);
  });

  it('the troll, loaded from troll.json, runs on GOAP when the page says so', () => {
    const game = createGame({ seed: 2, troll: 'goap', villagers: 40, squads: 2 });
    const troll = game.unit('troll')!;
    for (let i = 0; i < 400; i++) game.step(0.1);
    expect(troll.agent.runner().planner.kind).toBe('goap');
    expect(troll.agent.runner().stats.plansFound).toBeGreaterThan(0);
    expect(troll.agent.runner().stats.stepsSucceeded).toBeGreaterThan(0);
  });
});
