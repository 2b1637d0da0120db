import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as Touch from '../domain/Touch.js';
import { randomDomain } from '../examples/index.js';
import { BackwardIndex } from './BackwardIndex.js';

describe('BackwardIndex', () => {
  it('files each bool/enum effect under the value it sets, and flags an action whose effect sets a value a goal excludes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 8, maxLength: 8 }), (seed, masks) => {
        const d = randomDomain(seed, { actions: 4 + (seed % 12) }).domain;
        const index = new BackwardIndex(d);
        // A regressed goal: a non-empty mask on every bool/enum cell's field (int words are left alone).
        const words = new Int32Array(d.words);
        for (let c = 0; c < d.schema.size; c++) {
          if (d.isInt[c] === 1) continue;
          // Written into the cell's bit field (several fields share a word).
          const mask = masks[c % masks.length] & d.full[c] || d.full[c];
          words[d.offset[c]] = (words[d.offset[c]] & ~(d.full[c] << d.shift[c])) | (mask << d.shift[c]);
        }
        for (let a = 0; a < d.actionCount; a++) {
          let clash = false;
          for (let t = d.effectStart[a]; t < d.touchStart[a + 1]; t++) {
            const k = t * Touch.size;
            const c = d.touch[k + Touch.cell];
            if (d.isInt[c] === 1) continue;
            const v = d.touch[k + Touch.effValue];
            const f = index.cellStart[c] + v;
            expect(Array.from(index.achievers.subarray(index.start[f], index.start[f + 1]))).toContain(a);
            if (((words[d.offset[c]] >>> (d.shift[c] + v)) & 1) === 0) clash = true;
          }
          expect(index.clashes(words, 0, a)).toBe(clash);
        }
        // Nothing else is filed: one entry per bool/enum effect.
        let effects = 0;
        for (let t = 0; t < d.touch.length / Touch.size; t++) {
          const k = t * Touch.size;
          if (d.touch[k + Touch.effOp] !== Touch.NO_EFFECT && d.isInt[d.touch[k + Touch.cell]] === 0) effects++;
        }
        expect(index.achievers.length).toBe(effects);
      }),
      { numRuns: 200 },
    );
  });
});
