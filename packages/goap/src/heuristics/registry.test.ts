import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { chainDomain, soldierGoapDomain } from '../examples/index.js';
import { HEURISTICS } from './registry.js';

describe('the heuristic registry', () => {
  test('every registered heuristic plans the soldier; admissible ones say so and find the optimum at weight 1', () => {
    const d = soldierGoapDomain();
    for (const h of HEURISTICS) {
      for (const mode of ['backward', 'forward'] as const) {
        const p = new GoapPlanner(d, { heuristic: h.name, mode });
        const r = p.search(createState(d.schema), 'killEnemy');
        expect([h.name, mode, r.status]).toEqual([h.name, mode, 'found']);
        expect(p.optimal).toBe(h.admissible);
        if (h.admissible) expect(r.cost).toBe(4);
      }
    }
  });

  test('optimal: true accepts exactly the admissible ones, and a misspelt name gets a suggestion', () => {
    const d = chainDomain(4);
    for (const h of HEURISTICS) {
      const make = () => new GoapPlanner(d, { optimal: true, heuristic: h.name });
      if (h.admissible) expect(make).not.toThrow();
      else expect(make).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'heuristic' }));
    }
    expect(() => new GoapPlanner(d, { heuristic: 'lmcutt' as never })).toThrow(/Did you mean "lmcut"\?/);
  });

  test("docs/goap.md's heuristic table lists the registered heuristics, with their admissibility", () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'goap.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `'([a-z]+)'`[^|]*\|[^|]*\| ([^|]*) \|/gm)].map((m) => [m[1], m[2].includes('**yes**')]);
    expect(rows).toEqual(HEURISTICS.map((h) => [h.name, h.admissible]));
  });
});
