import { KeyKind, type Schema } from '@dualplan/world-state';

/**
 * Where each cell's set lives in node words (a domain has this shape). A bool
 * or enum cell is a bit field of its allowed values (bit `v` set: value `v` is
 * allowed; 2 bits for a bool, n bits for an n-value enum) at bit `shift[c]` of
 * word `offset[c]`; several fields share one 32-bit word, and a field never
 * straddles two words. An enum of more than 32 values is *wide*: its field
 * takes `ceil(n / 32)` whole words from `offset[c]` (bit `v & 31` of word
 * `v >>> 5`). An int cell is an interval of two whole words,
 * [`words[offset]`, `words[offset + 1]`], with shift 0. `full[c]` is a narrow
 * field's mask with every value allowed (unshifted; -1 for wide cells).
 * `factBase[c]` numbers the (cell, value) facts of bool and enum cells: value
 * `v` of cell `c` is fact `factBase[c] + v` (ints have none). @internal
 */
export interface Layout {
  readonly schema: Schema;
  readonly offset: Int32Array;
  readonly shift: Uint8Array;
  readonly isInt: Uint8Array;
  /** 1 for an enum of more than 32 values (a multi-word field). */
  readonly wide: Uint8Array;
  readonly full: Int32Array;
  readonly factBase: Int32Array;
  readonly words: number;
}

/** Bits in a node word. */
const WORD_BITS = 32;

/**
 * Pack a schema's cells into node words: int cells take two words each, wide
 * enums whole words of their own, and bool and enum fields go first-fit into
 * the mask words opened so far (in cell order), so a domain of bools takes one
 * word per 16 of them. @internal
 */
export function layoutOf(schema: Schema): Layout {
  const size = schema.size;
  const offset = new Int32Array(size);
  const shift = new Uint8Array(size);
  const isInt = new Uint8Array(size);
  const wide = new Uint8Array(size);
  const full = new Int32Array(size);
  const factBase = new Int32Array(size + 1);
  // Mask words opened so far and the bits each has used.
  const open: number[] = [];
  const used: number[] = [];
  let words = 0;
  for (let c = 0; c < size; c++) {
    factBase[c + 1] = factBase[c];
    if (schema.kind[c] === KeyKind.Int) {
      isInt[c] = 1;
      offset[c] = words;
      words += 2;
      continue;
    }
    const n = schema.max[c] + 1;
    factBase[c + 1] += n;
    full[c] = n >= WORD_BITS ? -1 : (1 << n) - 1;
    if (n > WORD_BITS) {
      wide[c] = 1;
      offset[c] = words;
      words += (n + WORD_BITS - 1) >>> 5;
      continue;
    }
    let i = 0;
    while (i < open.length && used[i] + n > WORD_BITS) i++;
    if (i === open.length) {
      open.push(words++);
      used.push(0);
    }
    offset[c] = open[i];
    shift[c] = used[i];
    used[i] += n;
  }
  return { schema, offset, shift, isInt, wide, full, factBase, words };
}
