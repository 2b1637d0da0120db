import type { GoapPlannerOptions } from '../GoapPlannerOptions.js';

/** The fast preset's weight on h_FF: weighted A* that still prefers cheap plans (see docs/goap.md). */
export const FAST_WEIGHT = 3;

/**
 * Expand the `optimal` and `fast` presets into plain options (options given
 * alongside win). Checked beforehand by `checkOptions`. @internal
 */
export function resolvePreset(o: GoapPlannerOptions): GoapPlannerOptions {
  if (o.optimal) return { ...o, heuristic: 'max', weight: o.weight ?? 1 };
  if (o.fast) return { ...o, heuristic: o.heuristic ?? 'ff', weight: o.weight ?? FAST_WEIGHT };
  return o;
}
