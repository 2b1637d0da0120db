/**
 * Values that `String()`, a template literal or `JSON.stringify` cannot convert:
 * each makes naive message-building code throw (a TypeError, or the value's own
 * error). Code that reads definitions from users or data files should name such a
 * value in a typed error instead (world-state's `nameOf`, `showValue` and
 * `describeValue` never throw). Fuzz tests mix these in so that every such path
 * is exercised on every run. A fresh array each call.
 * @example
 * import fc from 'fast-check';
 * const hostile = fc.constantFrom(...hostileValues());
 */
export function hostileValues(): unknown[] {
  return [
    // The first two can come from JSON text too.
    { toString: 0 },
    { toString: '' },
    Object.create(null),
    {
      toString() {
        throw new Error('hostile toString');
      },
    },
    {
      valueOf() {
        throw new Error('hostile valueOf');
      },
      toString() {
        throw new Error('hostile toString');
      },
    },
    {
      toJSON() {
        throw new Error('hostile toJSON');
      },
    },
    Symbol('hostile'),
    10n,
  ];
}
