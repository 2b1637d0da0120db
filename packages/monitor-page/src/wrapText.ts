/** Longest row of a box, in characters: long GOAP condition lists wrap instead of widening the drawing. */
export const MAX_ROW = 48;

/**
 * Break `text` into rows of at most `max` characters, at spaces where it can.
 * @example
 * wrapText('a == 1 ∧ b == 2', 8); // ['a == 1 ∧', 'b == 2']
 */
export function wrapText(text: string, max = MAX_ROW): string[] {
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ')) {
    for (let w = word; w.length > 0;) {
      const candidate = row ? `${row} ${w}` : w;
      if (candidate.length <= max) {
        row = candidate;
        w = '';
      } else if (row) {
        rows.push(row);
        row = '';
      } else {
        rows.push(w.slice(0, max));
        w = w.slice(max);
      }
    }
  }
  if (row || rows.length === 0) rows.push(row);
  return rows;
}
