import type { GoapDomain } from './GoapDomain.js';
import { isFree, maskAt, wideFree, wideHas } from './cellSet.js';

/**
 * Readable form of a regressed-goal cell, e.g. `Wood >= 5`, `Weapon in {Sword, Bow}`.
 * @example
 * describeCell(domain, goal.words, 0, schema.keys.wood); // 'wood >= 15'
 */
export function describeCell(domain: GoapDomain, words: ArrayLike<number>, at: number, cell: number): string {
  const o = at + domain.offset[cell];
  if (domain.wide[cell] === 1) return describeSet(domain, cell, o, 0, words);
  if (domain.isInt[cell]) return describeSet(domain, cell, words[o], words[o + 1]);
  return describeSet(domain, cell, maskAt(words, o, domain.shift[cell], domain.full[cell]), 0);
}

/**
 * Readable form of the cell set `a`/`b` of cell `cell`: an unshifted mask, the interval [a, b], or
 * (an enum of more than 32 values) the offset `a` of its multi-word mask in `pool`. @internal
 */
export function describeSet(domain: GoapDomain, cell: number, a: number, b: number, pool: ArrayLike<number> = domain.sets): string {
  const schema = domain.schema;
  const name = schema.nameOf(cell);
  if (domain.isInt[cell]) {
    if (a === b) return `${name} == ${a}`;
    if (b === schema.max[cell]) return `${name} >= ${a}`;
    if (a === schema.min[cell]) return `${name} <= ${b}`;
    return `${name} in [${a}, ${b}]`;
  }
  const vals: string[] = [];
  const wide = domain.wide[cell] === 1;
  for (let v = 0; v <= schema.max[cell]; v++) if (wide ? wideHas(pool, a, v) : (a >>> v) & 1) vals.push(schema.format(cell, v));
  return vals.length === 1 ? `${name} == ${vals[0]}` : `${name} in {${vals.join(', ')}}`;
}

/** Readable node at `words[at..]`: its constrained cells joined by ∧ (backward), or the state (forward). @internal */
export function describeNode(d: GoapDomain, mode: 'backward' | 'forward', words: ArrayLike<number>, at: number): string {
  const schema = d.schema;
  const parts: string[] = [];
  for (let c = 0; c < schema.size; c++) {
    if (mode === 'forward') parts.push(`${schema.nameOf(c)}=${schema.format(c, words[at + c])}`);
    else {
      const o = at + d.offset[c];
      const free = d.wide[c] === 1 ? wideFree(words, o, schema.max[c] + 1) : isFree(words, o, d.shift[c], d.isInt[c] === 1, c, schema.min, schema.max, d.full);
      if (!free) parts.push(describeCell(d, words, at, c));
    }
  }
  return parts.length ? parts.join(' ∧ ') : 'true';
}
