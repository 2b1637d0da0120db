import { describe, expect, it } from '@jest/globals';
import { defaultPlanners } from './planners.js';
import { runArena } from './runArena.js';

// The FluidHTN-style NPC in the arena's main match: unarmed it flees the player; it picks up the
// sword, whose operator plugs sword combat into the planner's Combat slot; from then on it fights.
describe('the weapon-slot NPC in the arena', () => {
  const tick = (r: Record<string, unknown>) => r.tick as number;
  const plansOf = (records: Record<string, unknown>[]) => records.filter((r) => r.agent === 'npc' && (r.type === 'planFound' || r.type === 'planReplaced'));

  it('flees while its Combat slot is empty, fights through the slot once the sword is plugged in (seed 2)', () => {
    const run = runArena({ seed: 2, ticks: 900, troll: 'htn', planners: defaultPlanners });
    const pickedUp = run.records.find((r) => r.type === 'world' && String(r.text).startsWith('npc picked up the sword'));
    expect(pickedUp).toBeDefined();
    const plans = plansOf(run.records);
    const before = plans.filter((r) => tick(r) <= tick(pickedUp!));
    const after = plans.filter((r) => tick(r) > tick(pickedUp!));
    const swings = (list: Record<string, unknown>[]) => list.filter((r) => /Swing/.test(JSON.stringify(r))).length;
    expect(before.some((r) => /Flee/.test(JSON.stringify(r)))).toBe(true);
    expect(swings(before)).toBe(0);
    expect(swings(after)).toBeGreaterThan(0);
    expect(run.records.some((r) => r.type === 'world' && String(r.text).startsWith('player hit by npc (sword)'))).toBe(true);
  });

  it('shows in the text timeline and the summary of the default match (seed 1, 300 ticks)', () => {
    const run = runArena({ seed: 1, ticks: 300, troll: 'htn', planners: defaultPlanners });
    expect(run.summaries.find((s) => s.agent === 'npc')).toMatchObject({ planner: 'htn' });
    expect(run.lines.some((l) => /npc\/main \[htn\] plan (found|replaced) .*PickUpWeapon/.test(l))).toBe(true);
    expect(run.lines).toContainEqual(expect.stringMatching(/world\s+npc picked up the sword: its Combat slot now plans sword fighting$/));
  });

  it('is left out when no NPC planner is given', () => {
    const run = runArena({ seed: 7, ticks: 20, troll: 'htn', planners: { troll: defaultPlanners.troll, soldier: defaultPlanners.soldier } });
    expect(run.summaries.map((s) => s.agent)).toEqual(['troll', 'soldier']);
  });
});
