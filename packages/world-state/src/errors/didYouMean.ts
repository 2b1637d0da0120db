/**
 * The longest name (in UTF-16 units) that {@link didYouMean} compares. A longer
 * unknown name, or a longer candidate, gets no suggestion: comparing names costs
 * the product of their lengths, and a name that long is no near miss of a typo.
 */
export const MAX_SUGGESTION_LENGTH = 256;

/**
 * A " Did you mean "x"?" suffix naming the candidate closest to `name` (edit
 * distance, case-insensitive), or `''` when nothing is close enough to help.
 * Between equally close candidates, one with the same letters in another order
 * wins (`=<` suggests `<=`, not `==`). Bounded work: names longer than
 * {@link MAX_SUGGESTION_LENGTH} are not compared, and a candidate whose length
 * alone puts it out of reach is skipped without a comparison.
 * @example
 * didYouMean('conditons', ['conditions', 'effects']); // ' Did you mean "conditions"?'
 */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  // Only names can be near misses; a number, null or object in a name's place is reported by the caller as such.
  if (typeof name !== 'string' || name.length > MAX_SUGGESTION_LENGTH) return '';
  const lower = name.toLowerCase();
  // Close enough: at most a third of the name wrong (at least one edit allowed), or the same letters in another case.
  const limit = Math.max(1, Math.floor(name.length / 3));
  const letters = sortedLetters(lower);
  let best = '';
  let bestDistance = limit + 1;
  let bestAnagram = false;
  for (const c of candidates) {
    if (typeof c !== 'string' || c.length > MAX_SUGGESTION_LENGTH || Math.abs(c.length - name.length) > limit) continue;
    const other = c.toLowerCase();
    const d = editDistance(lower, other, Math.min(limit, bestDistance));
    if (d > bestDistance || d > limit) continue;
    const anagram = d > 0 && sortedLetters(other) === letters;
    if (d < bestDistance || (anagram && !bestAnagram)) {
      bestDistance = d;
      best = c;
      bestAnagram = anagram;
    }
  }
  return best !== '' ? ` Did you mean "${best}"?` : '';
}

function sortedLetters(s: string): string {
  return [...s].sort().join('');
}

/**
 * Levenshtein distance with adjacent transpositions counted as one edit, or
 * `cap + 1` as soon as every path exceeds `cap`. Three rolling rows: memory is
 * linear in the shorter name. Definition-time only.
 */
function editDistance(a: string, b: string, cap: number): number {
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > cap) return cap + 1;
    [before, prev, row] = [prev, row, before];
  }
  return prev[n];
}
