import type { NamedState } from '@dualplan/monitor';

/**
 * Keys whose value differs between `before` and `after` (all keys of `after`
 * when there is no `before`).
 * @example
 * changedKeys({ a: 1, b: true }, { a: 2, b: true }); // Set {'a'}
 */
export function changedKeys(before: NamedState | null, after: NamedState): Set<string> {
  const out = new Set<string>();
  for (const key of Object.keys(after)) if (before === null || before[key] !== after[key]) out.add(key);
  if (before !== null) for (const key of Object.keys(before)) if (!(key in after)) out.add(key);
  return out;
}
