/** Human units for the logs and tables. */
export function formatNs(ns: number | undefined): string {
  if (ns === undefined || !Number.isFinite(ns)) return '–';
  if (ns < 1e3) return `${ns.toFixed(ns < 10 ? 2 : 1)} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(2)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

export function fmtBytes(b: number | undefined): string {
  if (b === undefined || !Number.isFinite(b)) return '–';
  if (b < 1) return `${b.toFixed(2)} B`;
  if (b < 1024) return `${b.toFixed(0)} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(1)} KiB`;
  return `${(b / 1024 / 1024).toFixed(1)} MiB`;
}

/** A rate per second with a k/M suffix, or '–'. */
export function perSecond(rate: number | undefined): string {
  if (rate === undefined || !Number.isFinite(rate)) return '–';
  return rate >= 1e6 ? `${(rate / 1e6).toFixed(2)} M` : rate >= 1e3 ? `${(rate / 1e3).toFixed(1)} k` : rate.toFixed(1);
}

/** Plan step names for a log line: long plans are shortened to their first six steps and the step count. */
export function formatPlanNames(names: readonly string[], separator = ', '): string {
  return names.length > 8 ? `${names.slice(0, 6).join(separator)}${separator}… (${names.length} steps)` : names.join(separator);
}
