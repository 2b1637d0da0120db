import { showValue } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';

/**
 * A bounded FIFO: pushing into a full buffer drops the oldest item, so memory
 * never grows past `capacity` items. Counts what it dropped.
 * @example
 * const ring = new RingBuffer<number>(2);
 * ring.push(1); ring.push(2); ring.push(3);
 * ring.toArray(); // [2, 3]
 * ring.dropped; // 1
 */
export class RingBuffer<T> {
  readonly capacity: number;
  /** Items dropped because the buffer was full. */
  dropped = 0;
  private readonly items: T[] = [];
  private start = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new MonitorError('BAD_OPTION', 'capacity', `A ring buffer needs an integer capacity >= 1, got ${showValue(capacity)}.`);
    this.capacity = capacity;
  }

  get length(): number {
    return this.items.length;
  }

  /** Add `item`; returns the item dropped to make room, or undefined. */
  push(item: T): T | undefined {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return undefined;
    }
    const old = this.items[this.start];
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    this.dropped++;
    return old;
  }

  /** The item `i` places from the oldest kept one. */
  at(i: number): T | undefined {
    if (i < 0 || i >= this.items.length) return undefined;
    return this.items[(this.start + i) % this.items.length];
  }

  /** The newest item, or undefined. */
  last(): T | undefined {
    return this.at(this.items.length - 1);
  }

  /** The kept items, oldest first (a new array). */
  toArray(): T[] {
    return this.items.slice(this.start).concat(this.items.slice(0, this.start));
  }

  /** Drops every kept item. */
  clear(): void {
    this.items.length = 0;
    this.start = 0;
  }
}
