/**
 * MurmurHash3 (x86, 32-bit) over `count` 32-bit words: fast, well mixed, and
 * stable across runs, so closed sets, caches and replay logs can key on a state.
 * Returned as a signed 32-bit integer: V8 keeps those unboxed, whereas an
 * unsigned result above 2^31 would be a heap number allocated on every call.
 * @example
 * const words = new Int32Array([1, 2, 3]);
 * hashWords(words, words.length) === hashWords(Int32Array.of(1, 2, 3), 3); // true
 */
export function hashWords(words: ArrayLike<number>, count: number, seed = 0x9747b28c): number {
  let h = seed | 0;
  for (let i = 0; i < count; i++) {
    let k = Math.imul(words[i], 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= count << 2;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
