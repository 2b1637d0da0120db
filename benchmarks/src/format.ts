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
