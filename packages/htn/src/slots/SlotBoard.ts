import { DualplanError, didYouMean, mulberry32, nameOf, ParallelCheck, UnavailableTable, type Plan, type SubPlanner } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnMeta } from '../search/HtnPlan.js';
import { FailureTexts } from '../search/FailureTexts.js';
import { StepCache } from '../search/StepCache.js';
import { DynamicCosts } from '../search/DynamicCosts.js';
import { mergeDomains } from '../domain/mergeDomains.js';
import { sharedInts } from './sharedInts.js';
import type { SearchSettings } from '../search/SearchSettings.js';

/** The budgets a planner's searches keep across plugs. */
export interface SlotBudgets {
  readonly maxSteps: number;
  readonly maxDepth: number;
  readonly depthBacktracks: boolean;
}

/**
 * @internal The run-time composition of one planner's slots: what is plugged into each slot of
 * {@link base}, the plug versions that make plans stale, the domain with the plugged sub-domains
 * compiled in ({@link domain}) and the search settings over it. The planner asks it for the
 * current domain and settings; plugging, unplugging and rebuilding happen here. `P` is the
 * planner a slot's sub-board belongs to (handed back by {@link pluggedInto}).
 */
export class SlotBoard<Ctx, P> {
  /** The planner's own domain, whose slots this board fills. */
  readonly base: HtnDomain;
  /** The planner's root task in {@link base}. */
  readonly root: number;
  private readonly budgets: SlotBudgets;
  /** Per task of {@link base}: the registered sub-planner of a delegate task, else null. */
  private readonly ownDelegates: readonly (SubPlanner<Ctx> | null)[];
  /** Per slot index: the board plugged there and its planner, or null. */
  private readonly plugged: ({ readonly board: SlotBoard<Ctx, P>; readonly planner: P } | null)[];
  /** Per slot index: how often the slot was plugged or unplugged. */
  private readonly slotVersion: Int32Array;
  /**
   * {@link base}'s slot names, in a plain array of this board's own: a plan's slots are read from it, and a load
   * from the domain's frozen array is a generic load in optimised code (a builtin call per slot of every plan).
   */
  private readonly slotNames: string[];
  private planDomain: HtnDomain;
  private current: SearchSettings<Ctx>;
  /** The key-conflict check of parallel sections at plan time, or null when the domain has no parallel task. */
  private parallelCheck: ParallelCheck | null;
  /** Per slot index of {@link domain}: the slot of {@link base} it belongs to (itself, or the slot whose sub-domain declares it). */
  private slotOwner: Int32Array;
  /** Called when what is plugged here changes, by the board this one is plugged into. */
  private onChange: (() => void) | null = null;
  /** Told after every rebuild: the planner drops its searches over the old domain. */
  private readonly rebuilt: () => void;

  constructor(base: HtnDomain, root: number, budgets: SlotBudgets, delegates: readonly (SubPlanner<Ctx> | null)[], random: () => number, rebuilt: () => void) {
    this.base = base;
    this.root = root;
    this.budgets = budgets;
    this.ownDelegates = delegates;
    this.rebuilt = rebuilt;
    this.plugged = base.slots.map(() => null);
    this.slotVersion = new Int32Array(base.slots.length);
    this.slotNames = base.slots.slice();
    this.planDomain = base;
    this.slotOwner = sharedInts(
      base,
      Int32Array.from(base.slots, (_, i) => i),
    );
    this.current = this.settingsOver(base, delegates, sharedInts(base, new Int32Array(base.slots.length).fill(-1)), random);
    this.parallelCheck = base.hasParallel ? new ParallelCheck(base.schema) : null;
  }

  /** {@link base} with the plugged sub-domains compiled in (the base itself while no slot is plugged). */
  get domain(): HtnDomain {
    return this.planDomain;
  }

  /** What the searches over {@link domain} are given. */
  get settings(): SearchSettings<Ctx> {
    return this.current;
  }

  /** The key-conflict check of {@link domain}'s parallel sections, or null when it has none. */
  get parallel(): ParallelCheck | null {
    return this.parallelCheck;
  }

  /** Restart the generator behind `select: 'random'` compounds. */
  reseed(seed: number): void {
    this.current.random = mulberry32(seed);
  }

  /** The slot index of `slot` in {@link base}; throws `UNDEFINED_SLOT` when there is none. */
  slotIndex(slot: string): number {
    const index = this.base.slots.indexOf(slot);
    if (index < 0) {
      const name = nameOf(slot);
      throw new DualplanError('UNDEFINED_SLOT', name, `Domain ${this.base.name} has no slot "${name}".${didYouMean(slot, this.base.slots)}`);
    }
    return index;
  }

  /** Put `board` (of `planner`) into slot `index` and rebuild; a failing rebuild (a name clash) leaves the slot as it was. */
  plug(index: number, board: SlotBoard<Ctx, P>, planner: P): void {
    const before = this.plugged[index];
    this.plugged[index] = { board, planner };
    try {
      this.rebuild();
    } catch (e) {
      this.plugged[index] = before;
      throw e;
    }
    if (before !== null) before.board.onChange = null;
    board.onChange = () => {
      this.slotVersion[index]++;
      this.rebuild();
    };
    this.changed(index);
  }

  /** Empty slot `index` (nothing happens when it is empty). */
  unplug(index: number): void {
    const before = this.plugged[index];
    if (before === null) return;
    before.board.onChange = null;
    this.plugged[index] = null;
    this.rebuild();
    this.changed(index);
  }

  /** The planner of the board plugged into slot `index`, or null. */
  pluggedInto(index: number): P | null {
    return this.plugged[index]?.planner ?? null;
  }

  /** True when `plan` used a slot that was plugged or unplugged since it was planned. */
  isStale(plan: Plan): boolean {
    if (plan.planner !== 'htn') return false;
    const meta = plan.meta as HtnMeta;
    for (let i = 0; i < meta.slots.length; i++) if (this.slotVersion[this.slotIndex(meta.slots[i])] !== meta.slotVersions[i]) return true;
    const empty = meta.emptySlots;
    if (empty !== undefined) for (let i = 0; i < empty.length; i++) if (this.slotVersion[this.slotIndex(empty[i])] !== meta.emptySlotVersions![i]) return true;
    return false;
  }

  /**
   * The plan's `meta.slots`: the slots of {@link base} the search expanded (`used`, slot indices of
   * {@link domain}), each once, with its plug version. Written in place (no allocation when a plan
   * uses the same slots as the buffer's last one, and no store either).
   */
  writeSlots(meta: HtnMeta, used: Int32Array, usedLen: number, empty: Int32Array | null = null, emptyLen = 0): void {
    const n = this.noteSlots(meta.slots, meta.slotVersions, used, usedLen);
    if (meta.slots.length !== n) meta.slots.length = meta.slotVersions.length = n;
    // The slots tried empty: the plan (a fallback) holds only while they stay empty.
    if (emptyLen > 0) {
      const slots = (meta.emptySlots ??= []);
      const versions = (meta.emptySlotVersions ??= []);
      const e = this.noteSlots(slots, versions, empty!, emptyLen);
      if (slots.length !== e) slots.length = versions.length = e;
    } else if (meta.emptySlots !== undefined && meta.emptySlots.length !== 0) meta.emptySlots.length = meta.emptySlotVersions!.length = 0;
  }

  /** Write slots `list[0..len)` (slot indices of {@link domain}) into `slots` and `versions`, each once; returns the entries written. */
  private noteSlots(slots: string[], versions: number[], list: Int32Array, len: number): number {
    let j = 0;
    for (let i = 0; i < len; i++) {
      const own = this.slotOwner[list[i]];
      const name = this.slotNames[own];
      let seen = false;
      for (let q = 0; q < j; q++) if (slots[q] === name) seen = true;
      if (seen) continue;
      // Written only when different: a crowd's plans mostly repeat the buffer's last slots, and a
      // store dirties the buffer's cache line where a load leaves it clean (measured: most of a slot's cost).
      if (slots[j] !== name) slots[j] = name;
      const version = this.slotVersion[own];
      if (versions[j] !== version) versions[j] = version;
      j++;
    }
    return j;
  }

  private changed(index: number): void {
    this.slotVersion[index]++;
    this.onChange?.();
  }

  /** Compile what is plugged into {@link domain} and rebuild the settings over it (plug time, not plan time). */
  private rebuild(): void {
    let domain = this.base;
    let delegates = this.ownDelegates;
    const roots = this.base.slots.map(() => -1);
    const owner = this.base.slots.map((_, i) => i);
    // A sub-domain already compiled in for another slot (same domain, no slots of its own, same delegates) is reused: its names stay unique.
    const compiled = new Map<HtnDomain, { offset: number; sub: SlotBoard<Ctx, P> }>();
    this.plugged.forEach((entry, i) => {
      if (entry === null) return;
      const sub = entry.board;
      const again = compiled.get(sub.planDomain);
      if (again !== undefined && sub.planDomain.slots.length === 0 && sub.current.delegates.every((f, t) => f === again.sub.current.delegates[t])) {
        roots[i] = sub.root + again.offset;
        return;
      }
      // The sub-domain's own slots (and what is plugged into them) come along, owned by slot i.
      const merged = mergeDomains(domain, sub.planDomain, this.base.slots[i]);
      compiled.set(sub.planDomain, { offset: merged.taskOffset, sub });
      roots[i] = sub.root + merged.taskOffset;
      sub.current.slotRoot.forEach((r) => {
        roots.push(r < 0 ? -1 : r + merged.taskOffset);
        owner.push(i);
      });
      delegates = [...delegates, ...sub.current.delegates];
      domain = merged.domain;
    });
    this.planDomain = domain;
    this.parallelCheck = domain.hasParallel ? (this.parallelCheck ?? new ParallelCheck(domain.schema)) : null;
    // Shared by the planners with the same plugs (a crowd): see sharedInts.
    this.slotOwner = sharedInts(domain, owner);
    this.current = this.settingsOver(domain, delegates, sharedInts(domain, roots), this.current.random);
    this.rebuilt();
  }

  private settingsOver(domain: HtnDomain, delegates: readonly (SubPlanner<Ctx> | null)[], slotRoot: Int32Array, random: () => number): SearchSettings<Ctx> {
    const { maxSteps, maxDepth, depthBacktracks } = this.budgets;
    return {
      maxSteps,
      maxDepth,
      depthBacktracks,
      delegates,
      steps: new StepCache(domain),
      texts: new FailureTexts(domain.taskNames, maxSteps, maxDepth),
      costs: DynamicCosts.of(domain),
      random,
      slotRoot,
      unavailable: unavailableTable(domain),
    };
  }
}

/**
 * The table of what a request makes unavailable over `domain`: tasks by id, then methods (`Compound/method`) after
 * them. It reads requests' views only when some action, compound or method of the domain has decorators.
 */
function unavailableTable(domain: HtnDomain): UnavailableTable {
  const T = domain.taskNames.length;
  const methods = new Map<string, number>();
  for (let t = 0; t < T; t++) {
    for (let m = domain.methodStart[t]; m < domain.methodEnd[t]; m++) {
      const key = `${domain.taskNames[t]}/${domain.methodNames[m]}`;
      if (domain.methodScopes[m]?.some((s) => s.key === key)) methods.set(key, T + m);
    }
  }
  const decorated =
    domain.methodScopes.some((s) => s !== null) ||
    domain.actions.actions.some((a) => a.decorators !== null) ||
    domain.callStep.some((step) => step !== null && step.decorators !== undefined);
  return new UnavailableTable(
    T + domain.methodNames.length,
    (name) => {
      const id = domain.taskId(name);
      return id >= 0 ? id : (methods.get(name) ?? -1);
    },
    decorated,
  );
}
