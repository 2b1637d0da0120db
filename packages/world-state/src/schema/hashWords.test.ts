import { expect, test } from '@jest/globals';
import { hashWords } from './hashWords.js';

// Reference vectors of MurmurHash3_x86_32 for 4-byte-aligned input (little-endian words),
// compared as signed 32-bit integers, which is how hashWords returns them.
test.each([
  ['"test", seed 0', [0x74736574], 0, 0xba6bd213],
  ['"test", seed 0x9747b28c', [0x74736574], 0x9747b28c, 0x704b81dc],
  ['"aaaa", seed 0x9747b28c', [0x61616161], 0x9747b28c, 0x5a97808a],
  ['empty, seed 0', [], 0, 0],
  ['empty, seed 1', [], 1, 0x514e28b7],
])('matches MurmurHash3 for %s', (_, words, seed, expected) => {
  expect(hashWords(words, words.length, seed)).toBe(expected | 0);
});

test('hashes only the first `count` words', () => {
  expect(hashWords([1, 2, 3], 2)).toBe(hashWords([1, 2], 2));
  expect(hashWords([1, 2, 3], 3)).not.toBe(hashWords([1, 2], 2));
});
