import { describe, expect, it } from '@jest/globals';
import { createState } from '@dualplan/world-state';
import { HtnPlanner } from '../HtnPlanner.js';
import { trollHtnDomain } from '../examples/trollHtnDomain.js';
import { searchMode } from './searchModes.js';

describe('search modes', () => {
  it('are registered once with what they support, and a misspelt mode is BAD_OPTION with a suggestion', () => {
    expect(searchMode('ordered')).toMatchObject({ traces: true, resumes: true });
    expect(searchMode('best-first')).toMatchObject({ traces: false, resumes: false });
    expect(() => new HtnPlanner(trollHtnDomain(), { mode: 'best_first' as never })).toThrow(
      expect.objectContaining({
        code: 'BAD_OPTION',
        subject: 'mode',
        message: expect.stringMatching(/'ordered' or 'best-first', got "best_first".*best-first/s),
      }),
    );
  });

  it('plan through one engine interface: both modes find the troll a plan; tracing needs a mode that traces', () => {
    const d = trollHtnDomain();
    const state = createState(d.schema, { WsCanSeeEnemy: true, WsTrunkHealth: 3 });
    for (const mode of ['ordered', 'best-first'] as const) expect(new HtnPlanner(d, { mode }).plan(state).status).toBe('found');
    const best = new HtnPlanner(d, { mode: 'best-first' });
    best.tracing = true;
    expect(() => best.plan(state)).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'trace' }));
  });
});
