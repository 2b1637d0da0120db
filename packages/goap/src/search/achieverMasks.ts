import type { BackwardIndex } from './BackwardIndex.js';

/**
 * Per fact of `index` (`cellStart[c] + value`), the actions setting it as a bit mask (bit a: action a), when the domain
 * has at most 32 actions and each achiever list ascends (as `BackwardIndex` builds them); else null. A mask's bits,
 * lowest first, are then the list in its order, so an expansion of the small-domain fast path reads one integer per
 * fact instead of walking the list, and tells the actions it has met by a mask instead of a stamp per action.
 * @internal
 */
export function achieverMasks(index: BackwardIndex, actionCount: number): Int32Array | null {
  if (actionCount > 32) return null;
  const { start, achievers } = index;
  const facts = start.length - 1;
  const masks = new Int32Array(facts);
  for (let f = 0; f < facts; f++) {
    for (let k = start[f]; k < start[f + 1]; k++) {
      if (k > start[f] && achievers[k] <= achievers[k - 1]) return null;
      masks[f] |= 1 << achievers[k];
    }
  }
  return masks;
}
