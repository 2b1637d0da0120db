/** A copy of `a` with room for at least `n` entries (doubling), for scratch that grows only while warming up. */
export function grow(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}
