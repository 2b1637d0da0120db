import type { ConditionTexts, TraceVerdict } from '@dualplan/world-state';
import type { ConditionCounts } from './Recording.js';
import { conditionText } from './summarizeTrace.js';

/** What tallying one candidate's conditions reads of its table entry (see {@link ConditionTallies.checked}). */
export interface ConditionSlot {
  /** Its conditions in checking order (from a catalog), or null. */
  readonly list: readonly string[] | null;
  readonly rows: (ConditionCounts | undefined)[];
  /** Failing condition index -> position in `list`, for the condition list last seen. */
  conds: ConditionTexts | null;
  readonly at: number[];
}

/**
 * Per condition text, how many candidates it held for and how many it discarded, counted in each method's or
 * action's checking order (the lists come from the planners' catalogs). Owned by one agent's statistics.
 * @example
 * const tallies = new ConditionTallies();
 * tallies.setList('Attack/melee', ['CanSeeEnemy == true', 'InRange == true']);
 * tallies.snapshot(); // { 'CanSeeEnemy == true': { held: 2, failed: 0 }, ... } once counted
 */
export class ConditionTallies {
  private readonly counts: Record<string, ConditionCounts> = {};
  /** Per method or action: its conditions in checking order. */
  private readonly lists = new Map<string, readonly string[]>();
  /** Per method or action: the counts of its conditions, in checking order. */
  private readonly rowsByName = new Map<string, (ConditionCounts | undefined)[]>();

  /** `name`'s conditions in checking order (a catalog's); its rows are found again on next use. */
  setList(name: string, list: readonly string[]): void {
    this.lists.set(name, list);
    this.rowsByName.delete(name);
  }

  /** `name`'s conditions in checking order, or null when no catalog gave them. */
  listOf(name: string): readonly string[] | null {
    return this.lists.get(name) ?? null;
  }

  /** The counts of `name`'s conditions in its checking order, each filled in when first counted (a row exists once counted). */
  rowsOf(name: string, list: readonly string[]): (ConditionCounts | undefined)[] {
    let rows = this.rowsByName.get(name);
    if (rows === undefined) this.rowsByName.set(name, (rows = new Array<ConditionCounts | undefined>(list.length)));
    return rows;
  }

  /**
   * Count, `w` times, the conditions of the candidate of `slot` tried with `verdict`: all held when it was kept (or
   * failed later, for other reasons); with `conditionFailed`, the ones before the failing one held and the failing
   * one failed (its position in the list looked up once per condition). Without a known list only the failure counts.
   */
  checked(slot: ConditionSlot, verdict: TraceVerdict, conditions: ConditionTexts | null, index: number, text: string, w: number): void {
    const list = slot.list;
    if (list === null) {
      if (verdict === 'conditionFailed') {
        const detail = conditionText(conditions, index, text);
        if (detail !== '') this.row(detail).failed += w;
      }
      return;
    }
    if (verdict !== 'conditionFailed' && verdict !== 'kept' && verdict !== 'branchFailed' && verdict !== 'noSubtasks') return;
    let failing = -1;
    if (verdict === 'conditionFailed') {
      if (conditions !== null && index >= 0) {
        if (slot.conds !== conditions) {
          slot.conds = conditions;
          slot.at.length = 0;
        }
        failing = slot.at[index] ??= list.indexOf(conditionText(conditions, index, text));
      } else failing = list.indexOf(text);
    }
    const rows = slot.rows;
    const held = failing < 0 ? list.length : failing;
    for (let i = 0; i < held; i++) (rows[i] ??= this.row(list[i])).held += w;
    if (failing >= 0) (rows[failing] ??= this.row(list[failing])).failed += w;
  }

  /** A copy of every condition's counts, by text. */
  snapshot(): Record<string, ConditionCounts> {
    return Object.fromEntries(Object.entries(this.counts).map(([k, v]) => [k, { ...v }]));
  }

  private row(text: string): ConditionCounts {
    return (this.counts[text] ??= { held: 0, failed: 0 });
  }
}
