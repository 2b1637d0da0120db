import { describe, expect, it } from '@jest/globals';
import { describeThrown, describeValue, nameOf, showValue } from './describeValue.js';

// Values whose `String(x)`, `${x}` or `JSON.stringify(x)` throws: user input the messages must still show.
const hostile: [string, unknown][] = [
  ['toString: 0', { toString: 0 }],
  ["toString: ''", { toString: '' }],
  ['a null prototype', Object.create(null)],
  [
    'a throwing toString',
    {
      toString() {
        throw new Error('no');
      },
    },
  ],
  [
    'a throwing valueOf and toString',
    {
      valueOf() {
        throw new Error('no');
      },
      toString() {
        throw new Error('no');
      },
    },
  ],
  [
    'a throwing toJSON',
    {
      toJSON() {
        throw new Error('no');
      },
    },
  ],
  ['a symbol', Symbol('s')],
  ['a bigint', 10n],
];

describe('describing values for messages', () => {
  it.each(hostile)('never throws for %s', (_, value) => {
    for (const f of [describeValue, showValue, nameOf, describeThrown]) expect(typeof f(value)).toBe('string');
  });

  it('nameOf keeps a string as it is and shows anything else as showValue does', () => {
    expect(nameOf('reload')).toBe('reload');
    expect(nameOf('')).toBe('');
    expect(nameOf({ toString: '' })).toBe('{"toString":""}');
    expect(nameOf(Object.create(null))).toBe('{}');
    expect(nameOf(7)).toBe('7');
    expect(nameOf(undefined)).toBe('undefined');
    expect(nameOf(Symbol('s'))).toBe('Symbol(s) (symbol)');
    expect(nameOf(10n)).toBe('10 (bigint)');
  });

  it('describeValue names a symbol as one (it was "an object (Symbol)")', () => {
    expect(describeValue(Symbol('hostile'))).toBe('Symbol(hostile) (symbol)');
    expect(showValue(Symbol())).toBe('Symbol() (symbol)');
  });
});
