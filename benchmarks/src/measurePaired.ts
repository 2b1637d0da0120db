/** The median of per-round ratios from {@link measurePaired}, with how many rounds it took. */
export interface PairedRatio {
  readonly ratio: number;
  readonly rounds: number;
}

/**
 * The ratio of `op`'s time to `baseline`'s, measured in alternating rounds
 * (baseline then op, then op then baseline, ...) and taken as the median of the
 * per-round ratios. On a machine whose speed drifts between runs (a shared or
 * throttled host can swing several times over seconds), two cases timed one
 * after the other compare two different machines; two runs made back to back
 * compare the code. Each round runs each op `batch` times; rounds stop after
 * `maxRounds` or once `maxMs` have passed (at least 3 rounds). `now` is the
 * clock in ms (tests pass their own).
 */
export function measurePaired(
  op: () => unknown,
  baseline: () => unknown,
  options: { batch: number; maxRounds: number; maxMs: number; now?: () => number },
): PairedRatio {
  const now = options.now ?? (() => performance.now());
  const ratios: number[] = [];
  const time = (f: () => unknown) => {
    const t0 = now();
    for (let i = 0; i < options.batch; i++) f();
    return now() - t0;
  };
  const started = now();
  for (let round = 0; round < options.maxRounds && (round < 3 || now() - started < options.maxMs); round++) {
    // Alternate which goes first, so a drift within a round favours neither.
    let a: number;
    let b: number;
    if (round % 2 === 0) {
      b = time(baseline);
      a = time(op);
    } else {
      a = time(op);
      b = time(baseline);
    }
    if (b > 0) ratios.push(a / b);
  }
  ratios.sort((x, y) => x - y);
  return { ratio: ratios[Math.floor(ratios.length / 2)], rounds: ratios.length };
}
