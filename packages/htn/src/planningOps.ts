import type { ConditionList, EffectList, Schema, StateValues, WorldState } from '@dualplan/world-state';

/**
 * The planner's inner loop versions of `firstFailing` / `applyEffects` (same
 * semantics as world-state's), specialised for the working copy: writes are
 * untracked and empty lists return at once, so the common case is a few
 * typed-array reads with no call into change tracking.
 */
export function failingCondition(list: ConditionList, state: WorldState<any>, ctx: unknown): number {
  const d = list.data;
  const n = d.length;
  if (n === 0) return -1;
  const v: StateValues = state.values;
  for (let i = 0, j = 0; j < n; i++, j += 3) {
    const x = v[d[j]];
    const arg = d[j + 2];
    let ok: boolean;
    switch (d[j + 1]) {
      case 0: ok = x === arg; break;
      case 1: ok = x !== arg; break;
      case 2: ok = x < arg; break;
      case 3: ok = x <= arg; break;
      case 4: ok = x > arg; break;
      case 5: ok = x >= arg; break;
      case 6: ok = ((1 << x) & arg) !== 0; break;
      default: ok = list.tests[arg](state, ctx) === true;
    }
    if (!ok) return i;
  }
  return -1;
}

/** Apply effects to the working copy; -1, or the index of an effect an `error` edge policy refused. */
export function applyPlanning(list: EffectList, state: WorldState<any>, ctx: unknown): number {
  const d = list.data;
  const n = d.length;
  if (n === 0) return -1;
  const values: StateValues = state.values;
  for (let i = 0, j = 0; j < n; i++, j += 4) {
    const cell = d[j];
    const op = d[j + 1];
    if (op === 0) values[cell] = d[j + 2];
    else if (op === 1) {
      let v = values[cell] + d[j + 2];
      const max = list.schema.max[cell];
      const min = list.schema.min[cell];
      if (v > max) {
        if (d[j + 3] === 1) return i;
        v = max;
      } else if (v < min) {
        if (d[j + 3] === 1) return i;
        v = min;
      }
      values[cell] = v;
    } else list.fns[d[j + 2]](state, ctx);
  }
  return -1;
}

/** A copy of `a` with room for at least `n` entries (doubling), for scratch that grows only while warming up. */
export function grow(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** Two schemas whose cells mean the same thing (same names and ranges), so steps compiled on one run on the other. */
export function sameLayout(a: Schema, b: Schema): boolean {
  if (a.size !== b.size) return false;
  for (let c = 0; c < a.size; c++) if (a.cellNames[c] !== b.cellNames[c] || a.min[c] !== b.min[c] || a.max[c] !== b.max[c]) return false;
  return true;
}
