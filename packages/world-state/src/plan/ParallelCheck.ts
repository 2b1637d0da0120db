import type { ConditionList } from '../conditions/Condition.js';
import type { EffectList } from '../conditions/Effect.js';
import { nameOf } from '../errors/describeValue.js';
import { DualplanError } from '../errors/errors.js';
import type { Plan, PlanStep } from './Plan.js';
import { CondOp } from '../conditions/Condition.js';
import { EffOp } from '../conditions/Effect.js';
import type { Schema } from '../schema/Schema.js';
import type { ParallelSection } from './ParallelSection.js';

/** How two parallel branches clash over one key. */
export type ParallelClash = 'both write' | 'primary writes, secondary reads' | 'secondary writes, primary reads';

/**
 * The branches of a parallel task clash over a key (compile time where a
 * branch's tasks are static, plan time otherwise): both write it, or one writes
 * a key the other's conditions read. `subject` is the key.
 */
export class ParallelConflictError extends DualplanError {
  constructor(
    readonly task: string,
    readonly key: string,
    readonly primaryTask: string,
    readonly secondaryTask: string,
    readonly clash: ParallelClash,
  ) {
    super(
      'PARALLEL_CONFLICT',
      key,
      `The branches of parallel task "${task}" clash over key "${key}": ${clash} it (primary: ${primaryTask}, secondary: ${secondaryTask}). ` +
        `Branches that run at the same time may not write the same key, and neither may write a key the other's conditions read.`,
    );
  }
}

const READ = 1;
const WRITE = 2;

/**
 * The key-conflict rule of parallel branches, checked over compiled
 * condition and effect lists with scratch owned by the checker (no allocation
 * per check). A branch **reads** the keys of its conditions and executing
 * conditions, and **writes** the keys of its effects and expected effects. The
 * branches clash when both write a key, or when one writes a key the other
 * reads. Opaque conditions and effects name no key and are not checked.
 * @example
 * const check = new ParallelCheck(schema);
 * if (check.steps(plan.steps, section)) throw check.error(section.task);
 */
export class ParallelCheck {
  /** The last clash found: the key's cell, the two task names and how. */
  cell = -1;
  primaryTask = '';
  secondaryTask = '';
  clash: ParallelClash = 'both write';
  private readonly marks: Uint8Array;
  private readonly owner: string[];
  private readonly touched: Int32Array;
  private ntouched = 0;

  constructor(readonly schema: Schema) {
    this.marks = new Uint8Array(schema.size);
    this.owner = new Array<string>(schema.size).fill('');
    this.touched = new Int32Array(schema.size);
  }

  /** Start a new check: forget every mark of the last one. */
  reset(): void {
    for (let i = 0; i < this.ntouched; i++) this.marks[this.touched[i]] = 0;
    this.ntouched = 0;
  }

  /** Mark the keys `conditions` read, for the primary branch's task `task`. */
  primaryReads(conditions: ConditionList, task: string): void {
    const d = conditions.data;
    for (let j = 0; j < d.length; j += 3) if (d[j + 1] !== CondOp.Opaque) this.mark(d[j], READ, task);
  }

  /** Mark the keys `effects` write, for the primary branch's task `task`. */
  primaryWrites(effects: EffectList, task: string): void {
    const d = effects.data;
    for (let j = 0; j < d.length; j += 4) if (d[j + 1] !== EffOp.Opaque) this.mark(d[j], WRITE, task);
  }

  /** True (the clash in the fields) when the secondary branch's `conditions` read a key the primary writes. */
  secondaryReads(conditions: ConditionList, task: string): boolean {
    const d = conditions.data;
    for (let j = 0; j < d.length; j += 3) {
      if (d[j + 1] !== CondOp.Opaque && (this.marks[d[j]] & WRITE) !== 0) return this.found(d[j], task, 'primary writes, secondary reads');
    }
    return false;
  }

  /** True (the clash in the fields) when the secondary branch's `effects` write a key the primary reads or writes. */
  secondaryWrites(effects: EffectList, task: string): boolean {
    const d = effects.data;
    for (let j = 0; j < d.length; j += 4) {
      if (d[j + 1] === EffOp.Opaque) continue;
      const m = this.marks[d[j]];
      if ((m & WRITE) !== 0) return this.found(d[j], task, 'both write');
      if ((m & READ) !== 0) return this.found(d[j], task, 'secondary writes, primary reads');
    }
    return false;
  }

  /** Check the two branches of `section` of `steps`; true when they clash (see the fields, or {@link error}). */
  steps(steps: readonly PlanStep[], section: ParallelSection): boolean {
    this.reset();
    for (let i = section.start; i < section.split; i++) {
      const s = steps[i];
      this.primaryReads(s.conditions, s.task);
      this.primaryReads(s.executing, s.task);
      this.primaryWrites(s.effects, s.task);
      this.primaryWrites(s.expectedEffects, s.task);
    }
    for (let i = section.split; i < section.end; i++) {
      const s = steps[i];
      if (this.secondaryReads(s.conditions, s.task) || this.secondaryReads(s.executing, s.task)) return true;
      if (this.secondaryWrites(s.effects, s.task) || this.secondaryWrites(s.expectedEffects, s.task)) return true;
    }
    return false;
  }

  /** The last clash as a {@link ParallelConflictError} of the parallel task `task`. */
  error(task: string): ParallelConflictError {
    return new ParallelConflictError(task, this.schema.nameOf(this.cell), this.primaryTask, this.secondaryTask, this.clash);
  }

  private mark(cell: number, bit: number, task: string): void {
    const m = this.marks[cell];
    if (m === 0) {
      this.touched[this.ntouched++] = cell;
      this.owner[cell] = task;
      // A clash names the primary task that writes the key, else the first one that reads it.
    } else if (bit === WRITE && (m & WRITE) === 0) this.owner[cell] = task;
    this.marks[cell] = m | bit;
  }

  private found(cell: number, task: string, clash: ParallelClash): true {
    this.cell = cell;
    this.primaryTask = this.owner[cell];
    this.secondaryTask = task;
    this.clash = clash;
    return true;
  }
}

/**
 * Why the parallel sections of `plan` are malformed (out of order, overlapping,
 * out of range), or null when they are fine or there are none. For code that
 * takes plans from elsewhere (a runner, a decoded plan); the key-conflict rule
 * is {@link ParallelCheck}'s.
 * @example
 * const bad = parallelShapeError(plan); // 'section 0 (Reload): start 2 > split 1'
 */
export function parallelShapeError(plan: Plan): string | null {
  const sections = plan.parallel;
  if (sections === undefined) return null;
  if (!Array.isArray(sections)) return 'parallel must be an array of sections';
  let after = 0;
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i];
    // A decoded plan is someone else's data: its task may be an object String() cannot convert.
    const name = `section ${i} (${nameOf(s?.task)})`;
    if (s === null || typeof s !== 'object' || typeof s.task !== 'string') return `${name} is not { task, start, split, end }`;
    if (!Number.isInteger(s.start) || !Number.isInteger(s.split) || !Number.isInteger(s.end)) return `${name}: start, split and end must be integers`;
    if (s.start < after) return `${name}: starts at ${s.start}, inside the previous section or before 0`;
    if (s.start > s.split || s.split > s.end) return `${name}: needs start <= split <= end, got ${s.start}, ${s.split}, ${s.end}`;
    if (s.end > plan.steps.length) return `${name}: ends at ${s.end}, after the plan's ${plan.steps.length} steps`;
    if (s.race !== undefined && typeof s.race !== 'boolean') return `${name}: race must be true or false`;
    if (s.race === true && (s.start === s.split || s.split === s.end))
      return `${name}: a race needs two non-empty branches, got ${s.start}, ${s.split}, ${s.end}`;
    after = s.end;
  }
  return null;
}
