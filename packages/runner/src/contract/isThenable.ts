/**
 * @internal Whether `value` (what a callback returned that was not a plain result) is a promise or any
 * thenable. Reading `then` may run a getter, which may throw: the caller treats that as the callback throwing.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}
