import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { RingBuffer } from './RingBuffer.js';

describe('RingBuffer', () => {
  it('keeps the last `capacity` items in order and counts the rest as dropped (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer(), { maxLength: 100 }), (capacity, items) => {
        const ring = new RingBuffer<number>(capacity);
        for (const x of items) ring.push(x);
        expect(ring.toArray()).toEqual(items.slice(Math.max(0, items.length - capacity)));
        expect(ring.length).toBe(Math.min(capacity, items.length));
        expect(ring.dropped).toBe(Math.max(0, items.length - capacity));
        expect(ring.last()).toBe(items.length ? items[items.length - 1] : undefined);
        for (let i = 0; i < ring.length; i++) expect(ring.at(i)).toBe(ring.toArray()[i]);
      }),
    );
  });

  it('rejects a capacity below 1', () => {
    expect(() => new RingBuffer(0)).toThrow(expect.objectContaining({ code: 'BAD_OPTION', subject: 'capacity' }));
    expect(() => new RingBuffer(Symbol('c') as never)).toThrow(
      expect.objectContaining({ code: 'BAD_OPTION', subject: 'capacity', message: 'A ring buffer needs an integer capacity >= 1, got Symbol(c) (symbol).' }),
    );
  });
});
