import { wideFree, wideHas } from '../domain/cellSet.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';

/** Layout of one decision node of {@link ForwardIndex}: the cell it switches on and where its parts are. @internal */
export const TreeNode = {
  /** The cell switched on, or -1 for a leaf. */
  cell: 0,
  /** Offset of the children (one per value of the cell, -1 when empty) in `children`. */
  children: 1,
  /** The child of the actions without a condition on the cell, or -1. */
  dontCare: 2,
  /** The node's actions (every keyed condition decided above it): `actions[first..end)`. */
  first: 3,
  end: 4,
  size: 5,
} as const;

/**
 * Successor generator for forward search, a decision tree as in Fast Downward:
 * each node switches on one bool/enum cell; an action is filed under the child
 * for the one value its condition on that cell allows, or under the "don't care"
 * child when it has no such condition. A state walks one value child and the
 * "don't care" child per node, so it meets exactly the actions whose
 * single-value conditions it satisfies, each once, without testing the others.
 * Conditions the tree does not decide (int ranges, masks allowing several
 * values) are left to the applicability check: {@link checkRest} marks those
 * actions. Built once per planner. @internal
 */
export class ForwardIndex {
  /** Decision nodes, {@link TreeNode} layout; node 0 is the root. */
  readonly nodes: Int32Array;
  readonly children: Int32Array;
  readonly actions: Int32Array;
  /** 1 for an action with a condition the tree does not decide. */
  readonly checkRest: Uint8Array;
  /** Scratch for the walk (pending nodes); its depth is bounded by the tree's node count. */
  readonly stack: Int32Array;

  constructor(d: GoapDomain) {
    const T = d.touch;
    // Per action: its single-value conditions on bool/enum cells as (cell, value), in cell order.
    const keyed: [number, number][][] = [];
    this.checkRest = new Uint8Array(d.actionCount);
    for (let a = 0; a < d.actionCount; a++) {
      const list: [number, number][] = [];
      for (let t = d.touchStart[a]; t < d.touchStart[a + 1]; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        const mask = T[k + Touch.allowA];
        if (d.isInt[c] === 1) {
          if (mask !== d.schema.min[c] || T[k + Touch.allowB] !== d.schema.max[c]) this.checkRest[a] = 1;
        } else if (d.wide[c] === 1) {
          // An enum of more than 32 values: `mask` is the offset of its multi-word mask in `d.sets`.
          const only = onlyValue(d.sets, mask, d.schema.max[c] + 1);
          if (only >= 0) list.push([c, only]);
          else if (only === MANY) this.checkRest[a] = 1;
        } else if (mask !== d.full[c]) {
          if ((mask & (mask - 1)) === 0) list.push([c, 31 - Math.clz32(mask)]);
          else this.checkRest[a] = 1;
        }
      }
      keyed.push(list.sort((x, y) => x[0] - y[0]));
    }
    const nodes: number[] = [];
    const children: number[] = [];
    const actions: number[] = [];
    // Actions of `list` have no keyed condition on cells below `from`.
    const build = (list: readonly number[], from: number): number => {
      const at = nodes.length / TreeNode.size;
      nodes.push(-1, 0, -1, 0, 0);
      const here: number[] = [];
      let cell = Infinity;
      for (const a of list) {
        const next = keyed[a].find(([c]) => c >= from);
        if (next === undefined) here.push(a);
        else cell = Math.min(cell, next[0]);
      }
      nodes[at * TreeNode.size + TreeNode.first] = actions.length;
      actions.push(...here);
      nodes[at * TreeNode.size + TreeNode.end] = actions.length;
      if (cell === Infinity) return at;
      const values = d.schema.max[cell] + 1;
      const byValue: number[][] = Array.from({ length: values }, () => []);
      const dontCare: number[] = [];
      for (const a of list) {
        const cond = keyed[a].find(([c]) => c === cell);
        if (cond !== undefined) byValue[cond[1]].push(a);
        else if (keyed[a].some(([c]) => c >= from)) dontCare.push(a);
      }
      const base = children.length;
      for (let v = 0; v < values; v++) children.push(-1);
      nodes[at * TreeNode.size + TreeNode.cell] = cell;
      nodes[at * TreeNode.size + TreeNode.children] = base;
      for (let v = 0; v < values; v++) if (byValue[v].length > 0) children[base + v] = build(byValue[v], cell + 1);
      if (dontCare.length > 0) nodes[at * TreeNode.size + TreeNode.dontCare] = build(dontCare, cell + 1);
      return at;
    };
    const all: number[] = [];
    for (let a = 0; a < d.actionCount; a++) all.push(a);
    build(all, 0);
    this.nodes = Int32Array.from(nodes);
    this.children = Int32Array.from(children);
    this.actions = Int32Array.from(actions);
    this.stack = new Int32Array(this.nodes.length / TreeNode.size + 1);
  }
}

/** {@link onlyValue} of a mask allowing several values but not all. */
const MANY = -2;

/** The one value the wide mask at `sets[at..]` of an `n`-value enum allows, -1 when it allows all, else {@link MANY}. */
function onlyValue(sets: Int32Array, at: number, n: number): number {
  if (wideFree(sets, at, n)) return -1;
  let only = -1;
  for (let v = 0; v < n; v++) {
    if (!wideHas(sets, at, v)) continue;
    if (only >= 0) return MANY;
    only = v;
  }
  return only;
}
