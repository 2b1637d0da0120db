import type { GoapDomain } from './GoapDomain.js';
import { isFree } from './cellSet.js';

/**
 * Readable form of a regressed-goal cell, e.g. `Wood >= 5`, `Weapon in {Sword, Bow}`.
 * @example
 * describeCell(domain, goal.words, 0, schema.keys.wood); // 'wood >= 15'
 */
export function describeCell(domain: GoapDomain, words: ArrayLike<number>, at: number, cell: number): string {
  const schema = domain.schema;
  const name = schema.nameOf(cell);
  const o = at + domain.offset[cell];
  if (domain.isInt[cell]) {
    const lo = words[o];
    const hi = words[o + 1];
    if (lo === hi) return `${name} == ${lo}`;
    if (hi === schema.max[cell]) return `${name} >= ${lo}`;
    if (lo === schema.min[cell]) return `${name} <= ${hi}`;
    return `${name} in [${lo}, ${hi}]`;
  }
  const m = words[o];
  const vals: string[] = [];
  for (let v = 0; v <= schema.max[cell]; v++) if (m & (1 << v)) vals.push(schema.format(cell, v));
  return vals.length === 1 ? `${name} == ${vals[0]}` : `${name} in {${vals.join(', ')}}`;
}

/** Readable node at `words[at..]`: its constrained cells joined by ∧ (backward), or the state (forward). @internal */
export function describeNode(d: GoapDomain, mode: 'backward' | 'forward', words: ArrayLike<number>, at: number): string {
  const schema = d.schema;
  const parts: string[] = [];
  for (let c = 0; c < schema.size; c++) {
    if (mode === 'forward') parts.push(`${schema.nameOf(c)}=${schema.format(c, words[at + c])}`);
    else {
      if (!isFree(words, at + d.offset[c], d.isInt[c] === 1, c, schema.min, schema.max, d.full)) parts.push(describeCell(d, words, at, c));
    }
  }
  return parts.length ? parts.join(' ∧ ') : 'true';
}
