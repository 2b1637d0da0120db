import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { UrgencyQueue, type Queued } from './UrgencyQueue.js';

interface Entry extends Queued {
  readonly name: number;
}
const entry = (name: number): Entry => ({ name, level: -1, ticket: 0, since: 0 });

describe('UrgencyQueue', () => {
  it('does not grow while an entry is re-queued again and again and nothing is taken from its level', () => {
    const q = new UrgencyQueue<Entry>();
    const crowd = Array.from({ length: 5 }, (_, i) => entry(i));
    for (const e of crowd) q.push(e, 2, 0);
    for (let round = 0; round < 10_000; round++) q.push(crowd[round % 5], 2, round);
    expect(q.capacity(2)).toBe(16);
    expect(q.size).toBe(5);
    const order: number[] = [];
    for (let e = q.pop(); e !== null; e = q.pop()) order.push(e.name);
    expect(order).toEqual([0, 1, 2, 3, 4]); // 9995..9999 re-queued them in this order last
  });

  it('pops like a reference model of three FIFO lists, whatever is pushed, re-queued, removed and aged', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), who: fc.nat(30), level: fc.nat(2) }),
      fc.record({ kind: fc.constant('remove' as const), who: fc.nat(30) }),
      fc.record({ kind: fc.constant('pop' as const) }),
      fc.record({ kind: fc.constant('age' as const), level: fc.integer({ min: 1, max: 2 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), (ops) => {
        const q = new UrgencyQueue<Entry>();
        const entries = Array.from({ length: 31 }, (_, i) => entry(i));
        const model: Entry[][] = [[], [], []];
        const take = (e: Entry) => model.forEach((l) => l.includes(e) && l.splice(l.indexOf(e), 1));
        let frame = 0;
        for (const o of ops) {
          frame++;
          if (o.kind === 'push') {
            const e = entries[o.who];
            take(e);
            q.push(e, o.level, frame);
            model[o.level].push(e);
          } else if (o.kind === 'remove') {
            const e = entries[o.who];
            take(e);
            q.remove(e);
          } else if (o.kind === 'pop') {
            const expected = model.find((l) => l.length > 0)?.shift() ?? null;
            expect(q.pop()).toBe(expected);
          } else {
            // Everything at the level moves up (all were queued before this frame).
            q.age(o.level, frame - 1, frame);
            model[o.level - 1].push(...model[o.level].splice(0));
          }
          expect(q.size).toBe(model[0].length + model[1].length + model[2].length);
        }
        for (let level = 0; level < 3; level++) expect(q.capacity(level)).toBeLessThanOrEqual(128);
      }),
      { numRuns: 300 },
    );
  });
});
