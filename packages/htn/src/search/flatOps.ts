/** True when every condition `ops[start..end)` (triples) holds; the inline twin of `firstFailing` without opaque tests. */
export function holds(ops: Int32Array, start: number, end: number, values: ArrayLike<number>): boolean {
  for (let j = start; j < end; j += 3) {
    const x = values[ops[j]];
    const arg = ops[j + 2];
    switch (ops[j + 1]) {
      case 0:
        if (x !== arg) return false;
        break;
      case 1:
        if (x === arg) return false;
        break;
      case 2:
        if (!(x < arg)) return false;
        break;
      case 3:
        if (!(x <= arg)) return false;
        break;
      case 4:
        if (!(x > arg)) return false;
        break;
      case 5:
        if (!(x >= arg)) return false;
        break;
      default:
        if (((1 << x) & arg) === 0) return false;
    }
  }
  return true;
}

/** Apply effects `ops[start..end)` (quads) to planning values; false when an `error` edge refuses (like `applyEffects`). */
export function applyOps(
  ops: Int32Array,
  start: number,
  end: number,
  values: { [i: number]: number },
  min: ArrayLike<number>,
  max: ArrayLike<number>,
): boolean {
  for (let j = start; j < end; j += 4) {
    const cell = ops[j];
    let v = ops[j + 2];
    if (ops[j + 1] !== 0) {
      v += values[cell];
      if (v > max[cell]) {
        if (ops[j + 3] === 1) return false;
        v = max[cell];
      } else if (v < min[cell]) {
        if (ops[j + 3] === 1) return false;
        v = min[cell];
      }
    }
    values[cell] = v;
  }
  return true;
}
