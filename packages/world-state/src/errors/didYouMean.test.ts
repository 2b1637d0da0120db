import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { didYouMean, MAX_SUGGESTION_LENGTH } from './didYouMean.js';

describe('didYouMean', () => {
  it('names the closest candidate within a third of the name', () => {
    expect(didYouMean('conditons', ['conditions', 'effects'])).toBe(' Did you mean "conditions"?');
    expect(didYouMean('Reload', ['reload', 'aim'])).toBe(' Did you mean "reload"?');
    expect(didYouMean('xyz', ['conditions', 'effects'])).toBe('');
  });

  it('prefers the same letters in another order between equally close candidates', () => {
    // `=<` is one substitution from `==` and one transposition from `<=`: the reversed operator is the likely slip.
    expect(didYouMean('=<', ['==', '!=', '<', '<=', '>', '>='])).toBe(' Did you mean "<="?');
    expect(didYouMean('=>', ['==', '!=', '<', '<=', '>', '>='])).toBe(' Did you mean ">="?');
    expect(didYouMean('=!', ['==', '!=', '<', '<=', '>', '>='])).toBe(' Did you mean "!="?');
  });

  it('does bounded work on huge names: no suggestion past the length cap, quickly', () => {
    const huge = 'a'.repeat(8_000_000);
    const started = Date.now();
    expect(didYouMean(huge, ['aaaa', 'a'.repeat(MAX_SUGGESTION_LENGTH)])).toBe('');
    expect(didYouMean('reload', [huge, 'reloda'])).toBe(' Did you mean "reloda"?');
    // Generous for a loaded machine; the unbounded matrix took 20 s and 1.9 GB for 8 MB.
    expect(Date.now() - started).toBeLessThan(2_000);
    const longest = 'b'.repeat(MAX_SUGGESTION_LENGTH);
    expect(didYouMean(longest, [`${longest.slice(1)}c`])).toBe(` Did you mean "${longest.slice(1)}c"?`);
  });

  it('agrees with an unbounded reference distance (property)', () => {
    const reference = (a: string, b: string): number => {
      const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      return d[a.length][b.length];
    };
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '<', '='), maxLength: 9 });
    fc.assert(
      fc.property(
        word,
        fc.array(
          word.filter((w) => w !== ''),
          { maxLength: 6 },
        ),
        (name, candidates) => {
          const limit = Math.max(1, Math.floor(name.length / 3));
          const best = Math.min(...candidates.map((c) => reference(name, c)));
          const got = didYouMean(name, candidates);
          if (candidates.length === 0 || best > limit) return got === '';
          const named = /"(.*)"/s.exec(got)?.[1];
          return named !== undefined && candidates.includes(named) && reference(name, named) === best;
        },
      ),
    );
  });
});
