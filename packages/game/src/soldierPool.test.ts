import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { GoapPlanner, goapAgentPlanner, goapPlanCodec } from '@dualplan/goap';
import { createPlannerPool, type PlannerPool } from '@dualplan/runner/pool';
import { createGame } from './createGame.js';
import { squadDomain } from './soldierDomain.js';
import type { TargetTable } from './TargetTable.js';

/** Bundle the soldiers' worker script (sibling packages from source) into one CommonJS file a worker thread runs. */
async function bundleWorker(): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'dualplan-pool-')), 'soldierWorker.cjs');
  await build({
    entryPoints: [join(__dirname, 'worker/soldierWorker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    conditions: ['@dualplan/source'],
    logLevel: 'warning',
  });
  return outfile;
}

describe('soldiers planning on a worker pool', () => {
  let pool: PlannerPool;
  beforeAll(async () => {
    pool = createPlannerPool({ script: await bundleWorker(), maxWorkers: 1, timeoutMs: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await pool.terminate(true);
  });

  it('claim distinct covers when the worker answers, hold nothing twice, and release everything at the end', async () => {
    const domain = squadDomain();
    const codec = goapPlanCodec(domain);
    const game = createGame({
      seed: 5,
      map: { width: 48, height: 30, trees: 25, weapons: 6 },
      villagers: 0,
      squads: 2,
      squadSize: 4,
      scheduler: { frameWork: 5000, clock: () => 0 },
      soldierPlanner: () =>
        pool.planner('soldier', {
          local: goapAgentPlanner(new GoapPlanner<TargetTable>(domain)),
          codec,
          ctx: (table: TargetTable) => table.toPlain(),
        }),
    });
    const soldiers = game.all().filter((u) => u.kind === 'soldier');
    let coversHeld = 0;
    for (let i = 0; i < 120; i++) {
      game.step(0.1);
      // Answers arrive between frames, as in a game: let the worker's messages in.
      await new Promise((resolve) => setTimeout(resolve, 2));
      const holders = new Map<string, string>();
      for (const c of game.board.claims()) {
        expect(holders.has(c.resource)).toBe(false);
        holders.set(c.resource, c.agent);
      }
      coversHeld = Math.max(coversHeld, [...holders.keys()].filter((r) => r.startsWith('cover')).length);
    }
    expect(pool.stats.answered).toBeGreaterThan(0);
    expect(pool.stats.failures).toBe(0);
    expect(soldiers.every((u) => u.agent.runner().stats.plansFound > 0)).toBe(true);
    expect(coversHeld).toBeGreaterThan(1);
    for (const u of game.all()) game.knockOut(u);
    expect(game.board.claims()).toEqual([]);
  }, 120_000);
});
