import { KeyKind, type Schema, type StateValues } from '@dualplan/world-state';
import type { AgentRecording, NamedState } from './Recording.js';

/** @internal One cell's value by name: booleans as booleans, enum values by name, ints as numbers. */
export function named(schema: Schema, cell: number, raw: number): boolean | number | string {
  const kind = schema.kind[cell];
  return kind === KeyKind.Int ? raw : kind === KeyKind.Bool ? raw !== 0 : schema.format(cell, raw);
}

/**
 * A state's values by cell name (slot keys as `Key[i]`), for recordings.
 * @example
 * namedState(state.schema, state.values); // { WsCanSeeEnemy: true, WsEnemyRange: 'Melee', WsTrunkHealth: 3 }
 */
export function namedState(schema: Schema, values: StateValues | ArrayLike<number>): NamedState {
  const out: NamedState = {};
  for (let c = 0; c < schema.size; c++) out[schema.nameOf(c)] = named(schema, c, values[c]);
  return out;
}

/**
 * The cells whose value differs between `before` and `after`, by name, with their `after` value
 * (one shared frozen empty object when none differs).
 * @example
 * namedChanges(schema, previous, state.values); // { WsTrunkHealth: 2 }
 */
export function namedChanges(schema: Schema, before: ArrayLike<number>, after: ArrayLike<number>): NamedState {
  let out: NamedState | null = null;
  for (let c = 0; c < schema.size; c++) if (before[c] !== after[c]) (out ??= {})[schema.nameOf(c)] = named(schema, c, after[c]);
  return out ?? NO_CHANGES;
}

/** @internal What {@link namedChanges} returns when no cell differs (one shared frozen object). */
export const NO_CHANGES: NamedState = Object.freeze({});

/**
 * The schema's keys for a recording: name, kind, and enum value names.
 * @example
 * describeKeys(schema)[0]; // { name: 'WsCanSeeEnemy', kind: 'bool' }
 */
export function describeKeys(schema: Schema): AgentRecording['keys'] {
  return schema.keyList.map(({ name, spec }) => (spec.kind === 'enum' ? { name, kind: spec.kind, values: spec.names.slice() } : { name, kind: spec.kind }));
}
