/**
 * A short readable form of anything thrown: `TypeError: x is undefined`,
 * `"a string"`, `42 (number)`. Never throws itself, even for hostile values.
 * @example
 * describeThrown(new RangeError('too far')); // 'RangeError: too far'
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
    return describeValue(thrown);
  } catch {
    return 'an unprintable value';
  }
}

/**
 * A value with its type, for messages about bad input: `"0.1" (string)`,
 * `NaN (number)`, `null`, `an object`. Never throws.
 * @example
 * describeValue('2'); // '"2" (string)'
 */
export function describeValue(value: unknown): string {
  try {
    if (value === null || value === undefined) return String(value);
    if (typeof value === 'string') return `${JSON.stringify(value)} (string)`;
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${String(value)} (${typeof value})`;
    if (typeof value === 'symbol') return `${value.toString()} (symbol)`;
    if (typeof value === 'function') return `a function${value.name ? ` ${value.name}` : ''}`;
    if (Array.isArray(value)) return `an array of ${value.length}`;
    return `an object${value.constructor && value.constructor !== Object ? ` (${value.constructor.name})` : ''}`;
  } catch {
    return 'an unprintable value';
  }
}

/**
 * A value as it would be written in code, for messages: `2`, `"2"`, `true`,
 * `NaN`, `undefined`, `[1,2]`, `{"a":1}`, or {@link describeValue} where JSON
 * cannot show it (functions, cycles, bigints). Never throws.
 * @example
 * showValue('2'); // '"2"' — a string, unlike showValue(2), '2'
 */
export function showValue(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined) return String(value);
  if (typeof value === 'function' || typeof value === 'bigint' || typeof value === 'symbol') return describeValue(value);
  try {
    const json = JSON.stringify(value);
    return json === undefined ? describeValue(value) : json.length > 80 ? `${json.slice(0, 77)}...` : json;
  } catch {
    return describeValue(value);
  }
}

/**
 * A name-like value (an action's, task's or goal's name, an id, a key) as an
 * error's subject or in its message: a string as it is, anything else as
 * {@link showValue} shows it. Never throws, unlike `String(value)` or
 * `${value}` for an object whose `toString` is not a function.
 * @example
 * nameOf('reload'); // 'reload'
 * nameOf({ toString: '' }); // '{"toString":""}'
 */
export function nameOf(value: unknown): string {
  return typeof value === 'string' ? value : showValue(value);
}
