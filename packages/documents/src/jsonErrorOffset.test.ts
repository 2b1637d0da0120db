import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { jsonErrorOffset } from './jsonErrorOffset.js';

describe('jsonErrorOffset', () => {
  it('finds the first character a JSON parser cannot accept', () => {
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('{\n "a": 1,\n}')).toBe(11);
    expect(jsonErrorOffset('{"a":\n\n  tru}')).toBe(12);
    expect(jsonErrorOffset('[1, 2')).toBe(5);
    expect(jsonErrorOffset('')).toBe(0);
    expect(jsonErrorOffset('{"a": "x\ny"}')).toBe(8);
    expect(jsonErrorOffset('[01]')).toBe(2);
    expect(jsonErrorOffset('{"a": [1, {"b": null}], "c": -2.5e3} x')).toBe(37);
  });

  it('is -1 exactly when JSON.parse accepts the text (property)', () => {
    const valid = fc.json({ depthSize: 'medium' });
    fc.assert(fc.property(valid, (text) => jsonErrorOffset(text) === -1));
    // Cut or corrupt valid JSON: the offset is where JSON.parse's acceptance ends.
    fc.assert(
      fc.property(valid, fc.nat(), fc.constantFrom('', ',', '}', ']', 'x', '"'), (text, at, insert) => {
        const cut = at % (text.length + 1);
        const broken = text.slice(0, cut) + insert + text.slice(cut);
        let parses = true;
        try {
          JSON.parse(broken);
        } catch {
          parses = false;
        }
        const offset = jsonErrorOffset(broken);
        return parses ? offset === -1 : offset >= 0 && offset <= broken.length;
      }),
    );
  });

  it('does not overflow on deep nesting', () => {
    expect(jsonErrorOffset('['.repeat(200_000))).toBe(200_000);
    expect(jsonErrorOffset('['.repeat(100_000) + ']'.repeat(100_000))).toBe(-1);
  });
});
