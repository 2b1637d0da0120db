import { describe, expect, it } from '@jest/globals';
import { checkFields } from './checkFields.js';
import { didYouMean } from './didYouMean.js';

describe('didYouMean', () => {
  it('names the closest candidate when it is close enough', () => {
    expect(didYouMean('conditons', ['conditions', 'effects'])).toBe(' Did you mean "conditions"?');
    expect(didYouMean('Chpo', ['Chop', 'Move'])).toBe(' Did you mean "Chop"?');
    expect(didYouMean('HASAXE', ['hasAxe', 'hasWood'])).toBe(' Did you mean "hasAxe"?');
  });

  it('stays silent when nothing is close', () => {
    expect(didYouMean('teleport', ['Chop', 'Move'])).toBe('');
    expect(didYouMean('x', [])).toBe('');
  });
});

describe('checkFields', () => {
  it('accepts known fields and rejects unknown ones with a typed error and a suggestion', () => {
    expect(() => checkFields({ name: 'a', conditions: [] }, ['name', 'conditions'], 'action "a"')).not.toThrow();
    expect(() => checkFields({ name: 'chop', preconditions: [] }, ['name', 'conditions', 'effects'], 'action "chop"')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_FIELD', subject: 'preconditions', message: expect.stringContaining('in action "chop". Did you mean "conditions"?') }),
    );
  });
});
