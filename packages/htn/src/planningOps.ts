import type { Schema } from '@dualplan/world-state';

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
