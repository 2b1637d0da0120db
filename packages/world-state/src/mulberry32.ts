/**
 * A small seeded PRNG (mulberry32) for simulations, generated domains and tests:
 * a seed replays the same stream on every machine, unlike `Math.random`.
 * @example
 * const random = mulberry32(7);
 * random(); // a float in [0, 1), the same for seed 7 everywhere
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
