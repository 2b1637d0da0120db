import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Heap } from 'heap-js';
import { createState } from '@dualplan/world-state';
import { GoapPlanner } from '../GoapPlanner.js';
import { randomDomain } from '../examples/index.js';
import { BucketQueue } from './BucketQueue.js';

/** One step of a search's use of its open list: add a new node (next index) with cost f, pop, or pop and put back. */
type Op = { add: number } | 'pop' | 'popAndPutBack';

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 40 }).map((add) => ({ add })) },
  { weight: 2, arbitrary: fc.constant<Op>('pop') },
  { weight: 1, arbitrary: fc.constant<Op>('popAndPutBack') },
);

describe('BucketQueue', () => {
  it('pops in the order of the heap it stands in for (lower f, then lower index; h = 0), across searches', () => {
    const q = new BucketQueue();
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const f: number[] = [];
        const heap = new Heap<number>((a, b) => f[a] - f[b] || a - b);
        q.clear();
        const popBoth = () => {
          const n = heap.pop() ?? -1;
          expect(q.pop()).toBe(n);
          return n;
        };
        for (const o of ops) {
          if (o === 'pop') popBoth();
          else if (o === 'popAndPutBack') {
            const n = popBoth();
            if (n >= 0) {
              heap.add(n);
              q.unpop(n, f[n]);
            }
          } else {
            const n = f.length;
            f.push(o.add);
            heap.add(n);
            q.push(n, f[n]);
          }
        }
        while (popBoth() >= 0);
      }),
      { numRuns: 300 },
    );
  });

  it('keys only blind nodes with a small integer cost', () => {
    expect(BucketQueue.fits(3, 0)).toBe(true);
    expect(BucketQueue.fits(0, 0)).toBe(true);
    expect(BucketQueue.fits(3, 1)).toBe(false);
    expect(BucketQueue.fits(1.5, 0)).toBe(false);
    expect(BucketQueue.fits(-1, 0)).toBe(false);
    expect(BucketQueue.fits(1e9, 0)).toBe(false);
  });
});

describe('open list of a search', () => {
  it.each(['backward', 'forward'] as const)(
    '%s blind search: integer costs (bucket queue) and the same costs halved (heap) make the same plan with the same expansions',
    (mode) => {
      let long = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          // Enough keys and actions that many searches run past the switch to the bucket queue (16 expansions).
          const rd = randomDomain(seed, { actions: 12 + (seed % 20), bools: 8, goalConditions: 4 });
          const start = createState(rd.domain.schema, rd.start);
          const options = { mode, weight: 0, maxExpansions: 1e5, maxPlanLength: 300 };
          const whole = new GoapPlanner(rd.domain, options);
          const halved = new GoapPlanner(rd.domain, options);
          // Halving every cost keeps every comparison of f (and every tie) but makes f fractional: the heap orders them.
          halved.multipliers.fill(0.5);
          const a = whole.search(start, 'goal');
          const plan = { status: a.status, cost: a.cost, expanded: a.expanded, actions: Array.from(a.actions.subarray(0, a.length)) };
          const b = halved.search(start, 'goal');
          expect({ status: b.status, cost: b.cost * 2, expanded: b.expanded, actions: Array.from(b.actions.subarray(0, b.length)) }).toEqual(plan);
          if (a.expanded > 16) long++;
        }),
        { numRuns: 200 },
      );
      expect(long).toBeGreaterThan(30);
    },
  );
});
