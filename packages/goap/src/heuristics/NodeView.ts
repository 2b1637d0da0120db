import { maskAt, violates } from '../domain/cellSet.js';
import type { GoapDomain } from '../domain/GoapDomain.js';
import type { GoapNodeView } from './GoapHeuristic.js';

/** The reused {@link GoapNodeView} a custom heuristic reads: accessors over the domain's node layout. @internal */
export class NodeView implements GoapNodeView {
  unsatisfied = 0;
  words: Int32Array = new Int32Array(0);
  at = 0;
  constructor(
    readonly mode: 'backward' | 'forward',
    private readonly domain: GoapDomain,
  ) {}

  /** Point the view at the node at `words[at..]` with `unsatisfied` open conditions. */
  show(words: Int32Array, at: number, unsatisfied: number): this {
    this.words = words;
    this.at = at;
    this.unsatisfied = unsatisfied;
    return this;
  }

  allows(cell: number, value: number): boolean {
    if (this.mode === 'forward') return this.words[this.at + cell] === value;
    const d = this.domain;
    const o = this.at + d.offset[cell];
    if (d.isInt[cell] === 1) return value >= this.words[o] && value <= this.words[o + 1];
    return value >= 0 && value <= d.schema.max[cell] && !violates(this.words, o, d.shift[cell], false, value);
  }

  mask(cell: number): number {
    if (this.mode === 'forward') return this.domain.isInt[cell] === 1 || this.domain.wide[cell] === 1 ? 0 : 1 << this.words[this.at + cell];
    const d = this.domain;
    return d.isInt[cell] === 1 || d.wide[cell] === 1 ? 0 : maskAt(this.words, this.at + d.offset[cell], d.shift[cell], d.full[cell]);
  }

  lo(cell: number): number {
    if (this.mode === 'forward') return this.words[this.at + cell];
    const d = this.domain;
    if (d.isInt[cell] === 1) return this.words[this.at + d.offset[cell]];
    let v = 0;
    while (v < d.schema.max[cell] && !this.allows(cell, v)) v++;
    return v;
  }

  hi(cell: number): number {
    if (this.mode === 'forward') return this.words[this.at + cell];
    const d = this.domain;
    if (d.isInt[cell] === 1) return this.words[this.at + d.offset[cell] + 1];
    let v = d.schema.max[cell];
    while (v > 0 && !this.allows(cell, v)) v--;
    return v;
  }
}
