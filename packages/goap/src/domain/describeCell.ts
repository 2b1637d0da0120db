import type { GoapDomain } from './GoapDomain.js';
import { isFree, maskAt } from './cellSet.js';

/**
 * Readable form of a regressed-goal cell, e.g. `Wood >= 5`, `Weapon in {Sword, Bow}`.
 * @example
 * describeCell(domain, goal.words, 0, schema.keys.wood); // 'wood >= 15'
 */
export function describeCell(domain: GoapDomain, words: ArrayLike<number>, at: number, cell: number): string {
  const o = at + domain.offset[cell];
  if (domain.isInt[cell]) return describeSet(domain, cell, words[o], words[o + 1]);
  return describeSet(domain, cell, maskAt(words, o, domain.shift[cell], domain.full[cell]), 0);
}

/** Readable form of the cell set `a`/`b` of cell `cell` (an unshifted mask, or the interval [a, b]). @internal */
export function describeSet(domain: GoapDomain, cell: number, a: number, b: number): string {
  const schema = domain.schema;
  const name = schema.nameOf(cell);
  if (domain.isInt[cell]) {
    if (a === b) return `${name} == ${a}`;
    if (b === schema.max[cell]) return `${name} >= ${a}`;
    if (a === schema.min[cell]) return `${name} <= ${b}`;
    return `${name} in [${a}, ${b}]`;
  }
  const vals: string[] = [];
  for (let v = 0; v <= schema.max[cell]; v++) if ((a >>> v) & 1) vals.push(schema.format(cell, v));
  return vals.length === 1 ? `${name} == ${vals[0]}` : `${name} in {${vals.join(', ')}}`;
}

/** Readable node at `words[at..]`: its constrained cells joined by ∧ (backward), or the state (forward). @internal */
export function describeNode(d: GoapDomain, mode: 'backward' | 'forward', words: ArrayLike<number>, at: number): string {
  const schema = d.schema;
  const parts: string[] = [];
  for (let c = 0; c < schema.size; c++) {
    if (mode === 'forward') parts.push(`${schema.nameOf(c)}=${schema.format(c, words[at + c])}`);
    else {
      if (!isFree(words, at + d.offset[c], d.shift[c], d.isInt[c] === 1, c, schema.min, schema.max, d.full)) parts.push(describeCell(d, words, at, c));
    }
  }
  return parts.length ? parts.join(' ∧ ') : 'true';
}
