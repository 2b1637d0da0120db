import type { Schema } from '@dualplan/world-state';

/** Two schemas whose cells mean the same thing (same names and ranges), so steps compiled on one run on the other. */
export function sameLayout(a: Schema, b: Schema): boolean {
  if (a.size !== b.size) return false;
  for (let c = 0; c < a.size; c++) if (a.cellNames[c] !== b.cellNames[c] || a.min[c] !== b.min[c] || a.max[c] !== b.max[c]) return false;
  return true;
}
