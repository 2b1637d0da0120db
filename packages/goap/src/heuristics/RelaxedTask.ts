import { EffOp } from '@dualplan/world-state';
import { wideHas } from '../domain/cellSet.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/**
 * A GOAP domain compiled once into a STRIPS-like task for delete-relaxed
 * heuristics (LM-cut): a fact per value of a bool/enum cell; a condition that
 * allows several values becomes an extra fact reached from each of them at
 * cost 0; an int condition becomes a fact true when the state's value
 * satisfies it and reached, at cost 0, from a "changed" fact that every action
 * writing the cell adds (a lower bound: any real plan changes the cell before a
 * violated condition on it can hold). Operators are the actions (same index),
 * then those zero-cost links. Lists are compressed rows (`xStart[i]..xStart[i + 1]`).
 * @internal
 */
export interface RelaxedTask {
  readonly nFacts: number;
  readonly nOps: number;
  readonly actionCount: number;
  /** Per operator: its preconditions (at least one: the always-true fact) and its effects. */
  readonly preStart: Int32Array;
  readonly preFact: Int32Array;
  readonly effStart: Int32Array;
  readonly effFact: Int32Array;
  /** Per operator: its number of preconditions. */
  readonly preCount: Int32Array;
  /** Per fact: the operators it is a precondition of, and the operators that add it. */
  readonly preOfStart: Int32Array;
  readonly preOfOp: Int32Array;
  readonly achStart: Int32Array;
  readonly achOp: Int32Array;
  /** Per cell: its first value fact (bool/enum cells), or -1. */
  readonly maskBase: Int32Array;
  /** Per cell: its "changed" fact (int cells), or -1. */
  readonly changedFact: Int32Array;
  /** Int condition facts: their cell and interval (true initially when the value lies in it). */
  readonly intFact: Int32Array;
  readonly intCell: Int32Array;
  readonly intLo: Int32Array;
  readonly intHi: Int32Array;
  /** The fact true in every state (the precondition of unconditional operators). */
  readonly trueFact: number;
  /** Room for a goal's facts: one per value of every bool/enum cell, one per int cell. */
  readonly goalRoom: number;
}

/** Compile `d` into its relaxed task (once per planner). @internal */
export function relaxedTaskOf(d: GoapDomain): RelaxedTask {
  const size = d.schema.size;
  const T = d.touch;
  const A = d.actionCount;
  let nFacts = 0;
  const maskBase = new Int32Array(size).fill(-1);
  const changedFact = new Int32Array(size).fill(-1);
  let maskFacts = 0;
  for (let c = 0; c < size; c++) {
    if (d.isInt[c] === 1) changedFact[c] = nFacts++;
    else {
      maskBase[c] = nFacts;
      nFacts += d.schema.max[c] + 1;
      maskFacts += d.schema.max[c] + 1;
    }
  }
  const trueFact = nFacts++;
  const pre: number[][] = [];
  const eff: number[][] = [];
  const aux = new Map<string, number>();
  const auxOps: [number, number][] = [];
  const ints: number[][] = [];
  // A condition's fact: a value, or an extra fact for a disjunction or an int interval (shared by equal conditions).
  const conditionFact = (c: number, lo: number, hi: number): number => {
    if (d.wide[c] === 1) {
      // An enum of more than 32 values: `lo` is the offset of its mask in `d.sets`.
      const values: number[] = [];
      for (let v = 0; v <= d.schema.max[c]; v++) if (wideHas(d.sets, lo, v)) values.push(v);
      if (values.length === d.schema.max[c] + 1) return -1;
      if (values.length === 1) return maskBase[c] + values[0];
      const key = `${c} ${values.join(',')}`;
      let f = aux.get(key);
      if (f !== undefined) return f;
      f = nFacts++;
      aux.set(key, f);
      for (const v of values) auxOps.push([maskBase[c] + v, f]);
      return f;
    }
    if (d.isInt[c] === 0) {
      if (lo === d.full[c]) return -1;
      if ((lo & (lo - 1)) === 0) return maskBase[c] + 31 - Math.clz32(lo);
    } else if (lo === d.schema.min[c] && hi === d.schema.max[c]) return -1;
    const key = `${c} ${lo} ${hi}`;
    let f = aux.get(key);
    if (f !== undefined) return f;
    f = nFacts++;
    aux.set(key, f);
    if (d.isInt[c] === 1) {
      ints.push([f, c, lo, hi]);
      auxOps.push([changedFact[c], f]);
    } else for (let m = lo; m !== 0; m &= m - 1) auxOps.push([maskBase[c] + 31 - Math.clz32(m & -m), f]);
    return f;
  };
  for (let a = 0; a < A; a++) {
    const p: number[] = [];
    const e: number[] = [];
    for (let t = d.touchStart[a], end = d.touchStart[a + 1]; t < end; t++) {
      const k = t * Touch.size;
      const c = T[k + Touch.cell];
      const f = conditionFact(c, T[k + Touch.allowA], T[k + Touch.allowB]);
      if (f >= 0) p.push(f);
      if (t < d.effectStart[a]) continue;
      if (d.isInt[c] === 1) e.push(changedFact[c]);
      else if (T[k + Touch.effOp] === EffOp.Set) e.push(maskBase[c] + T[k + Touch.effValue]);
    }
    pre.push(p.length > 0 ? p : [trueFact]);
    eff.push(e);
  }
  for (const [from, to] of auxOps) {
    pre.push([from]);
    eff.push([to]);
  }
  const preOf: number[][] = Array.from({ length: nFacts }, () => []);
  const ach: number[][] = Array.from({ length: nFacts }, () => []);
  pre.forEach((list, op) => list.forEach((f) => preOf[f].push(op)));
  eff.forEach((list, op) => list.forEach((f) => ach[f].push(op)));
  const [preStart, preFact] = csr(pre);
  const [effStart, effFact] = csr(eff);
  const [preOfStart, preOfOp] = csr(preOf);
  const [achStart, achOp] = csr(ach);
  return {
    nFacts,
    nOps: pre.length,
    actionCount: A,
    preStart,
    preFact,
    effStart,
    effFact,
    preCount: Int32Array.from(pre, (p) => p.length),
    preOfStart,
    preOfOp,
    achStart,
    achOp,
    maskBase,
    changedFact,
    intFact: Int32Array.from(ints, (x) => x[0]),
    intCell: Int32Array.from(ints, (x) => x[1]),
    intLo: Int32Array.from(ints, (x) => x[2]),
    intHi: Int32Array.from(ints, (x) => x[3]),
    trueFact,
    goalRoom: maskFacts + size,
  };
}

/** Lists as compressed rows: starts (length n + 1) and the concatenated items. */
function csr(lists: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  let n = 0;
  lists.forEach((l, i) => {
    start[i] = n;
    n += l.length;
  });
  start[lists.length] = n;
  const items = new Int32Array(n);
  let k = 0;
  for (const l of lists) for (const x of l) items[k++] = x;
  return [start, items];
}
