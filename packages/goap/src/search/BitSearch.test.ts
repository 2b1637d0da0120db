import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { fireDomain, soldierGoapDomain } from '../examples/index.js';
import { planNames } from '../testUtil.js';

describe('BitSearch (the small-domain fast path)', () => {
  test('the soldier and fire plan on the fast path, as the general path does', () => {
    for (const d of [soldierGoapDomain(), fireDomain()]) {
      for (const g of d.goals) {
        const fast = new GoapPlanner(d);
        const general = new GoapPlanner(d);
        general.engine.useFastPath(false);
        const a = fast.search(createState(d.schema), g.name);
        expect(a.fastPath).toBe(true);
        const pa = { status: a.status, cost: a.cost, plan: planNames(d, a), expanded: a.expanded, generated: a.generated };
        const b = general.search(createState(d.schema), g.name);
        expect(b.fastPath).toBe(false);
        expect({ status: b.status, cost: b.cost, plan: planNames(d, b), expanded: b.expanded, generated: b.generated }).toEqual(pa);
      }
    }
  });
});
