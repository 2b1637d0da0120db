import { describe, expect, test } from '@jest/globals';
import { defineActions } from '../actions/defineActions.js';
import { UnknownFieldError } from '../errors/checkFields.js';
import { bool } from '../schema/KeySpec.js';
import { defineSchema } from '../schema/defineSchema.js';
import { checkDecorators, DecoratorError } from './Decorators.js';

const schema = defineSchema({ Hit: bool() });

describe('checkDecorators', () => {
  test('keeps what is set, frozen; nothing set is null', () => {
    const d = checkDecorators({ cooldown: 8, cooldownFrom: 'start', once: false, retries: 2 }, 'Throw');
    expect(d).toEqual({ cooldown: 8, cooldownFrom: 'start', retries: 2 });
    expect(Object.isFrozen(d)).toBe(true);
    expect(checkDecorators({}, 'Throw')).toBeNull();
    expect(checkDecorators(undefined, 'Throw')).toBeNull();
  });

  test.each([
    [{ cooldown: 0 }, /cooldown .* must be a finite number of seconds > 0, got 0/],
    [{ cooldown: -1 }, /cooldown/],
    [{ checkEvery: Infinity }, /checkEvery/],
    [{ retries: 1.5 }, /retries .* whole number >= 1, got 1.5/],
    [{ retries: 0 }, /retries/],
    [{ once: 'forever' }, /once .* must be true, false, 'agent' or 'plan'/],
    [{ cooldownFrom: 'end' }, /cooldownFrom without a cooldown/],
    [{ cooldown: 1, cooldownFrom: 'middle' }, /cooldownFrom .* 'start' or 'end'/],
    ['8s', /must be an object/],
  ])('%j is a typed error naming the action', (bad, message) => {
    expect(() => checkDecorators(bad, 'Throw')).toThrow(DecoratorError);
    expect(() => checkDecorators(bad, 'Throw')).toThrow(message);
    try {
      checkDecorators(bad, 'Throw');
    } catch (e) {
      expect((e as DecoratorError).subject).toBe('Throw');
      expect((e as DecoratorError).code).toBe('BAD_DECORATOR');
    }
  });

  test('a misspelt field gets a did-you-mean', () => {
    expect(() => checkDecorators({ coldown: 3 }, 'Throw')).toThrow(UnknownFieldError);
    expect(() => checkDecorators({ coldown: 3 }, 'Throw')).toThrow(/Did you mean "cooldown"\?/);
  });

  test('an action carries its decorators to its plan step; a plain action’s step has no such field', () => {
    const actions = defineActions(schema, [{ name: 'Throw', decorators: { cooldown: 8 } }, { name: 'Wait' }]);
    expect(actions.actions[0].step!.decorators).toEqual({ cooldown: 8 });
    expect('decorators' in actions.actions[1].step!).toBe(false);
    expect(() => defineActions(schema, [{ name: 'Throw', decorators: { cooldown: 0 } }])).toThrow(DecoratorError);
  });
});
