/**
 * A " Did you mean "x"?" suffix naming the candidate closest to `name` (edit
 * distance, case-insensitive), or `''` when nothing is close enough to help.
 * @example
 * didYouMean('conditons', ['conditions', 'effects']); // ' Did you mean "conditions"?'
 */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  // Only names can be near misses; a number, null or object in a name's place is reported by the caller as such.
  if (typeof name !== 'string') return '';
  const lower = name.toLowerCase();
  let best = '';
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (typeof c !== 'string') continue;
    const d = editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  // Close enough: at most a third of the name wrong (at least one edit allowed), or the same letters in another case.
  const limit = Math.max(1, Math.floor(name.length / 3));
  return best !== '' && bestDistance <= limit ? ` Did you mean "${best}"?` : '';
}

/** Levenshtein distance with adjacent transpositions counted as one edit. Definition-time only. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
    }
  }
  return rows[a.length][b.length];
}
