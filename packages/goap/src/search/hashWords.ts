// Node hashing for the general search: a node's hash is the XOR of its words, each mixed with its position, so a
// candidate's hash is its parent's updated word by changed word (regression, progression) without reading the rest.

/** Mix one node word with its position (Zobrist style), so node hashes update per changed word. */
export function mixWord(index: number, word: number): number {
  let h = Math.imul(index + 1, 0x9e3779b1) ^ word;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Hash of the `width` node words at `words[at..]`: the XOR of their mixes. */
export function hashWords(words: Int32Array, at: number, width: number): number {
  let hash = 0;
  for (let j = 0; j < width; j++) hash ^= mixWord(j, words[at + j]);
  return hash;
}
