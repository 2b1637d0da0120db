import { describeValue, type PlanResult } from '@dualplan/world-state';
import { frozenResult } from './frozenResult.js';
import { RunnerError } from '../RunnerError.js';

/** Options of a {@link PlanCache}. */
export interface PlanCacheOptions {
  /** Entries kept; the least recently used goes first (default 4096). */
  capacity?: number;
}

/** Counters of a {@link PlanCache}. */
export interface PlanCacheStats {
  lookups: number;
  hits: number;
  misses: number;
  /** Entries dropped to stay within capacity. */
  evicted: number;
  /** Planning time the hits did not spend, in ms: each hit counts the time its entry's search took. */
  savedMs: number;
  /** Planning time spent on misses, in ms. */
  spentMs: number;
  /** Plans made past the cache by agents planning alone after a step failure (see `afterFailure`). */
  bypassed: number;
}

/** @internal One cached result: its full key (name, context part, state cells) and the LRU links. */
export interface CacheEntry {
  readonly hash: number;
  readonly name: string;
  readonly ctxKey: unknown;
  readonly cells: Int32Array;
  readonly result: PlanResult;
  readonly planMs: number;
  /** Whether the cache still holds it (false once evicted or cleared): a planner remembering it may use it only while true. */
  held: boolean;
  /** Next entry with the same hash. */
  chain: CacheEntry | null;
  newer: CacheEntry | null;
  older: CacheEntry | null;
}

/**
 * Plans shared between agents: results keyed by a name (the domain and the
 * goal set or root task), an optional part of the context, and the values of
 * the state cells that decide the plan. Agents in the same situation reuse
 * one search; use it through {@link cachedPlanner}. Stored results are frozen
 * copies, so every agent can run the same plan object. A lookup hashes and
 * compares the relevant cells only and allocates nothing.
 * @example
 * const cache = new PlanCache({ capacity: 1024 });
 * const planner = cachedPlanner(htnAgentPlanner(new HtnPlanner(trollHtnDomain())), cache, { name: 'troll' });
 * // ... later
 * console.log(`hit rate ${(cache.hitRate * 100).toFixed(1)}%`);
 */
export class PlanCache {
  readonly stats: PlanCacheStats = { lookups: 0, hits: 0, misses: 0, evicted: 0, savedMs: 0, spentMs: 0, bypassed: 0 };
  private readonly capacity: number;
  private readonly byHash = new Map<number, CacheEntry>();
  private newest: CacheEntry | null = null;
  private oldest: CacheEntry | null = null;
  private count = 0;

  constructor(options: PlanCacheOptions = {}) {
    const capacity = options.capacity ?? 4096;
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RunnerError('BAD_CACHE_OPTION', 'capacity', `PlanCache capacity must be an integer >= 1, got ${describeValue(capacity)}.`);
    this.capacity = capacity;
  }

  /** Entries held. */
  get size(): number {
    return this.count;
  }

  /** Hits over lookups (0 before the first lookup). */
  get hitRate(): number {
    return this.stats.lookups === 0 ? 0 : this.stats.hits / this.stats.lookups;
  }

  /** @internal The entry for this key, counted as a hit or a miss. */
  find(hash: number, name: string, ctxKey: unknown, values: ArrayLike<number>, cells: Int32Array): CacheEntry | null {
    this.stats.lookups++;
    const e = this.entry(hash, name, ctxKey, values, cells);
    if (e === null) this.stats.misses++;
    else this.hit(e);
    return e;
  }

  /**
   * @internal {@link find} for a request looking again (a poll while it waits): a hit counts as a lookup and a hit,
   * a miss counts nothing (the request's own miss was counted when it was asked).
   */
  peek(hash: number, name: string, ctxKey: unknown, values: ArrayLike<number>, cells: Int32Array): CacheEntry | null {
    const e = this.entry(hash, name, ctxKey, values, cells);
    if (e !== null) {
      this.stats.lookups++;
      this.hit(e);
    }
    return e;
  }

  /** The entry for this situation, or null. */
  private entry(hash: number, name: string, ctxKey: unknown, values: ArrayLike<number>, cells: Int32Array): CacheEntry | null {
    for (let e = this.byHash.get(hash) ?? null; e !== null; e = e.chain) {
      if (e.name === name && Object.is(e.ctxKey, ctxKey) && sameCells(e.cells, values, cells)) return e;
    }
    return null;
  }

  /**
   * @internal A lookup the caller answered itself from `e`, an entry it found or stored earlier whose key it checked
   * against the state: counted exactly as {@link find} finding it (a lookup and a hit, the entry made the newest), so
   * statistics and eviction order stay those of a full lookup. False (nothing counted) when `e` is no longer held.
   */
  recall(e: CacheEntry): boolean {
    if (!e.held) return false;
    this.stats.lookups++;
    this.hit(e);
    return true;
  }

  private hit(e: CacheEntry): void {
    this.stats.hits++;
    this.stats.savedMs += e.planMs;
    this.touch(e);
  }

  /** @internal Store a result planned in `planMs` (copied and frozen): its entry. */
  store(hash: number, name: string, ctxKey: unknown, values: ArrayLike<number>, cells: Int32Array, result: PlanResult, planMs: number): CacheEntry {
    this.stats.spentMs += planMs;
    const kept = Int32Array.from(cells, (c) => values[c]);
    const entry: CacheEntry = {
      hash,
      name,
      ctxKey,
      cells: kept,
      result: frozenResult(result),
      planMs,
      held: true,
      chain: this.byHash.get(hash) ?? null,
      newer: null,
      older: null,
    };
    this.byHash.set(hash, entry);
    this.link(entry);
    if (++this.count > this.capacity) this.evict();
    return entry;
  }

  /** Forget every entry (after the game changed a domain, say); the counters stay. */
  clear(): void {
    for (let e = this.newest; e !== null; e = e.older) e.held = false;
    this.byHash.clear();
    this.newest = this.oldest = null;
    this.count = 0;
  }

  private touch(e: CacheEntry): void {
    if (this.newest === e) return;
    this.unlink(e);
    this.link(e);
  }

  private link(e: CacheEntry): void {
    e.older = this.newest;
    e.newer = null;
    if (this.newest !== null) this.newest.newer = e;
    this.newest = e;
    this.oldest ??= e;
  }

  private unlink(e: CacheEntry): void {
    if (e.newer !== null) e.newer.older = e.older;
    else this.newest = e.older;
    if (e.older !== null) e.older.newer = e.newer;
    else this.oldest = e.newer;
    e.newer = e.older = null;
  }

  private evict(): void {
    const e = this.oldest!;
    e.held = false;
    this.unlink(e);
    let head = this.byHash.get(e.hash)!;
    if (head === e) {
      if (e.chain === null) this.byHash.delete(e.hash);
      else this.byHash.set(e.hash, e.chain);
    } else {
      while (head.chain !== e) head = head.chain!;
      head.chain = e.chain;
    }
    this.count--;
    this.stats.evicted++;
  }
}

/** @internal Whether an entry's kept cells equal the state's relevant cells (`values` at `cells`). */
export function sameCells(kept: Int32Array, values: ArrayLike<number>, cells: Int32Array): boolean {
  for (let i = 0; i < cells.length; i++) if (kept[i] !== values[cells[i]]) return false;
  return true;
}
