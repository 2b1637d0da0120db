/**
 * @internal A list that is filled, read and cleared again and again without
 * allocating once its storage is large enough (clearing keeps the storage, where
 * `array.length = 0` would give it up).
 */
export class ReusedList<T> {
  /** Slots past `count` hold undefined (cleared items are not kept alive). */
  private readonly items: (T | undefined)[] = [];
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count < this.items.length) this.items[this.count] = item;
    else this.items.push(item);
    this.count++;
  }

  /** Item `i` (below {@link length}). */
  at(i: number): T {
    return this.items[i] as T;
  }

  /** Replace item `i` (below {@link length}). */
  set(i: number, item: T): void {
    this.items[i] = item;
  }

  clear(): void {
    for (let i = 0; i < this.count; i++) this.items[i] = undefined;
    this.count = 0;
  }

  /** Whether `other` holds the same items in the same order. */
  equals(other: readonly T[]): boolean {
    if (other.length !== this.count) return false;
    for (let i = 0; i < this.count; i++) if (other[i] !== this.items[i]) return false;
    return true;
  }

  /** The items as a new array. */
  toArray(): T[] {
    return this.items.slice(0, this.count) as T[];
  }
}
