import { describe, expect, it } from '@jest/globals';
import { comparePlanners } from './comparePlanners.js';
import { defaultPlanners } from './planners.js';
import { createMatch } from './runArena.js';

describe('comparePlanners', () => {
  it('plans the troll’s own state with HTN and GOAP and reports both answers', () => {
    const match = createMatch({ seed: 1, troll: 'htn', planners: defaultPlanners });
    for (let i = 0; i < 5; i++) match.step();
    const troll = match.agents.find((a) => a.id === 'troll');
    if (!troll) throw new Error('no troll');
    const planners = [defaultPlanners.troll('htn'), defaultPlanners.troll('goap')].filter((p) => p !== null);
    const answers = comparePlanners(troll.state, troll.ctx, planners);
    expect(answers.map((a) => a.planner)).toEqual(['htn', 'goap']);
    // The HTN troll answers as its own runner did: the running plan is the same plan.
    const running = troll.runner().plan;
    expect(answers[0]).toMatchObject({ status: 'found', steps: running?.steps.map((s) => s.task) });
    for (const a of answers) {
      expect(a.ms).toBeGreaterThanOrEqual(0);
      expect(a.status === 'found' ? a.steps.length > 0 : a.steps.length === 0).toBe(true);
    }
  });
});
