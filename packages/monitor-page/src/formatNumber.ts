/**
 * A cost or other measured number for people: integers as they are, others to
 * three significant digits (at most six decimals), so `5.4181789261652415`
 * reads `5.42` and `0.012345` reads `0.0123`; `Infinity` and `NaN` by name.
 * @example
 * formatNumber(5.4181789261652415); // '5.42'
 * formatNumber(12); // '12'
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  const decimals = Math.min(6, Math.max(0, 2 - Math.floor(Math.log10(Math.abs(n)))));
  return String(Number(n.toFixed(decimals)));
}

/**
 * A duration in milliseconds with its unit: `0.042 ms`, `3.1 ms`, `1.25 s`.
 * @example
 * formatMs(0.04213); // '0.042 ms'
 * formatMs(1250); // '1.25 s'
 */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return `${ms} ms`;
  if (ms >= 1000) return `${formatNumber(ms / 1000)} s`;
  return `${ms >= 1 ? formatNumber(ms) : Number(ms.toFixed(3))} ms`;
}

/**
 * Agent time in seconds with its unit (`4.2 s`), or '' for null (a step that never ran).
 * @example
 * formatSeconds(4.2000000001); // '4.2 s'
 */
export function formatSeconds(t: number | null): string {
  return t === null ? '' : `${Math.round(t * 100) / 100} s`;
}
