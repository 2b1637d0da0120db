import type { GoapHeuristic } from './GoapHeuristic.js';
import type { GoapHeuristicName } from './registry.js';

/** The options a preset reads and sets (a part of `GoapPlannerOptions`). @internal */
export interface PresetOptions {
  optimal?: boolean;
  fast?: boolean;
  heuristic?: GoapHeuristicName | GoapHeuristic;
  weight?: number;
}

/** The fast preset's weight on h_FF: weighted A* that still prefers cheap plans (see docs/goap.md). */
export const FAST_WEIGHT = 3;

/**
 * Expand the `optimal` and `fast` presets into plain options (options given
 * alongside win). Checked beforehand by `checkOptions`. @internal
 */
export function resolvePreset<O extends PresetOptions>(o: O): O {
  if (o.optimal) return { ...o, heuristic: o.heuristic ?? 'admissible', weight: o.weight ?? 1 };
  if (o.fast) return { ...o, heuristic: o.heuristic ?? 'ff', weight: o.weight ?? FAST_WEIGHT };
  return o;
}
