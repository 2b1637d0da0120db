import { describe, expect, it } from '@jest/globals';
import { checkFields } from './checkFields.js';
import { eq, compileConditions } from '../conditions/Condition.js';
import { set, compileEffects } from '../conditions/Effect.js';
import { defineSchema } from '../schema/defineSchema.js';
import { bool } from '../schema/KeySpec.js';
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
      expect.objectContaining({
        code: 'UNKNOWN_FIELD',
        subject: 'preconditions',
        message: expect.stringContaining('in action "chop". Did you mean "conditions"?'),
      }),
    );
  });
});

describe('undefined keys from plain JavaScript', () => {
  it('are reported as missing keys naming the position and the action', () => {
    const schema = defineSchema({ HasAxe: bool() });
    const missing = (schema.keys as unknown as Record<string, never>).HasAx;
    expect(() => compileConditions(schema, [eq(schema.keys.HasAxe, true), eq(missing, true)], 'action "chop"')).toThrow(
      expect.objectContaining({ code: 'MISSING_KEY', subject: 'action "chop"', message: expect.stringContaining('Condition #1 in action "chop" has no key') }),
    );
    expect(() => compileEffects(schema, [set(missing, true)], 'action "chop"')).toThrow(
      expect.objectContaining({ code: 'MISSING_KEY', message: expect.stringContaining('Effect #0 in action "chop" has no key') }),
    );
  });
});
