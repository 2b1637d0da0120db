import { describe, expect, it } from '@jest/globals';
import { GoapPlanner, goapAgentPlanner, type GoapDomain } from '@dualplan/goap';
import { soldierGoapDomain } from '@dualplan/goap/examples';
import { explainName } from './explainName.js';
import { record } from './record.js';
import { whyNot } from './whyNot.js';
import { goapSoldier, htnTroll, run } from './testing/agents.js';

describe('explainName: a reason for every name never selected', () => {
  it('gives every never-selected action, method, compound and goal of a troll and a soldier a reason', () => {
    const agents = [htnTroll(3), goapSoldier(5)];
    const recorder = record(agents, { flushMs: 0, runsPerAgent: 1000 });
    run(agents, 150);
    let explained = 0;
    for (const a of agents) {
      const rec = recorder.agent(a.id);
      const never = rec.stats.neverSelected;
      const names = [...never.actions, ...never.methods, ...never.compounds, ...never.goals];
      for (const name of names) {
        explained++;
        const rejected = whyNot(rec, name);
        const why = explainName(rec, name);
        // Either the rejections say why, or the explanation does; never the bare "never rejected".
        expect(rejected.length > 0 || why.length > 0).toBe(true);
        expect(why).toMatch(new RegExp(`^${name.replace('.', '\\.')} (was|is) `));
      }
    }
    expect(explained).toBeGreaterThan(2);
    recorder.stop();
  });

  it('names the method that always applied first, and the compound never reached', () => {
    const troll = htnTroll(3);
    const recorder = record([troll], { flushMs: 0 });
    run([troll], 300);
    const rec = recorder.agent('troll');
    const tried = rec.methods.find((m) => (rec.stats.methods[m]?.considered ?? 0) === 0 && (rec.stats.compounds[m.split('.')[0]]?.considered ?? 0) > 0);
    if (tried) expect(explainName(rec, tried)).toMatch(/was decomposed \d+ times? and /);
    expect(explainName(rec, 'NoSuchName')).toBe('');
    recorder.stop();
  });

  it('says which validity test made a goal invalid, and with what value', () => {
    const base = soldierGoapDomain();
    // The soldier's goals, each only valid while the soldier is unarmed (never, here): the test is named in the recording.
    const domain: GoapDomain = {
      ...base,
      goals: base.goals.map((g) => ({
        ...g,
        valid: function unarmed() {
          return false;
        },
      })),
    } as GoapDomain;
    const soldier = goapSoldier(2, 'soldier', goapAgentPlanner(new GoapPlanner(domain)));
    const recorder = record([soldier], { flushMs: 0 });
    run([soldier], 20);
    const rec = recorder.agent('soldier');
    const goal = rec.goals[0];
    expect(rec.runs[0].goals[0]).toMatchObject({ valid: false, invalid: 'validity test unarmed returned false' });
    expect(whyNot(rec, goal)[0].detail).toBe('goal is not valid: validity test unarmed returned false');
    expect(explainName(rec, goal)).toMatch(
      new RegExp(`^${goal} was weighed in \\d+ runs?: not valid in \\d+ runs? \\(validity test unarmed returned false\\)\\.$`),
    );
    recorder.stop();
  });
});
