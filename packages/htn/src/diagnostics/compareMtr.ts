/**
 * Compare two method traversal records (MTRs: the index of the method chosen at each compound task, in order). Negative when `a` is the
 * higher-priority plan, positive when `b` is, 0 when they tie. The first
 * position where they differ decides: a lower method index there means an
 * earlier (higher-priority) method of the same compound task, and every later
 * position describes a different part of the tree. When one record is a prefix
 * of the other they tie.
 * @example
 * compareMtr([0, 1], [0, 3]); // < 0: the new plan took a higher-priority attack method
 * compareMtr([0, 3], [0, 1]); // > 0
 */
export function compareMtr(a: readonly number[], b: readonly number[]): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}
