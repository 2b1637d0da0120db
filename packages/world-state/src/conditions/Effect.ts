import { describeValue, nameOf, showValue } from '../errors/describeValue.js';
import { DefinitionError, DualplanError, ValueRangeError } from '../errors/errors.js';
import type { EdgePolicy } from '../schema/KeySpec.js';
import { Edge, KeyKind, type Key, type Schema } from '../schema/Schema.js';
import { ChangeSource, type WorldState } from '../schema/WorldState.js';

/** An effect as plain data: set a value, or add/subtract an amount with an edge policy. */
export interface Effect {
  readonly key: string | number;
  readonly index?: number;
  readonly op: 'set' | 'add' | 'sub';
  readonly value: boolean | number | string;
  /** Overrides the key's edge policy for add/sub. */
  readonly edge?: EdgePolicy;
}

/** The function of an opaque effect: changes the state in place. */
export type OpaqueApply<Ctx = any> = (state: WorldState<any>, ctx: Ctx) => void;

/** A procedural effect; GOAP cannot regress through it. */
export interface OpaqueEffect<Ctx = any> {
  readonly opaque: string;
  readonly apply: OpaqueApply<Ctx>;
}

/** What an effect list accepts: plain-data effects and opaque ones. */
export type EffectDef = Effect | OpaqueEffect;

/** Effect opcodes as stored in {@link EffectList.data}. */
export const EffOp = /* @__PURE__ */ Object.freeze({ Set: 0, Add: 1, Opaque: 2 } as const);

/**
 * Set a key.
 * @example
 * set(keys.TrunkHealth, 3)
 */
export function set<V>(key: Key<V>, value: V): Effect {
  return { key, op: 'set', value: value as unknown as number };
}
/**
 * Add to an int key; at the range edge the key's policy (or `edge`) clamps or fails.
 * @example
 * add(keys.Ammo, 10) // past the maximum: clamped, or refused under edge 'error'
 */
export function add(key: Key<number>, amount: number, edge?: EdgePolicy): Effect {
  return edge ? { key, op: 'add', value: amount, edge } : { key, op: 'add', value: amount };
}
/**
 * Subtract from an int key; `edge` as for {@link add}.
 * @example
 * sub(keys.Ammo, 1, 'error') // an action that cannot fire without ammunition
 */
export function sub(key: Key<number>, amount: number, edge?: EdgePolicy): Effect {
  return edge ? { key, op: 'sub', value: amount, edge } : { key, op: 'sub', value: amount };
}
/**
 * A procedural effect: code run when the effect is applied, invisible to the planners' regression.
 * @example
 * effect('alert the squad', (state, ctx: { squad: { alert(): void } }) => ctx.squad.alert())
 */
export function effect<Ctx = any>(name: string, apply: OpaqueApply<Ctx>): OpaqueEffect<Ctx> {
  return { opaque: name, apply };
}

/** Thrown when an effect with the `error` edge policy would leave its key's range. */
export class EffectRangeError extends DualplanError {
  constructor(key: string, where?: string) {
    super('EFFECT_OUT_OF_RANGE', key, `Effect on "${key}"${where ? ` in ${where}` : ''} would leave the key's range (edge policy: error).`);
  }
}

/**
 * A compiled effect list: flat `[cell, opcode, operand, edge]` quads.
 * `Set` carries the value; `Add` a signed amount (subtract is a negative add).
 */
export class EffectList {
  readonly data: Int32Array;
  readonly length: number;
  readonly fns: readonly OpaqueApply[];
  readonly hasOpaque: boolean;
  /** True when an add/sub uses the `error` edge policy, so applying the list can be refused. */
  readonly hasErrorEdge: boolean;
  readonly schema: Schema;
  readonly source: readonly EffectDef[];

  /** @internal use {@link compileEffects}. */
  constructor(schema: Schema, data: Int32Array, fns: OpaqueApply[], source: EffectDef[]) {
    this.schema = schema;
    this.data = data;
    this.length = data.length / 4;
    this.fns = fns;
    this.hasOpaque = fns.length > 0;
    let errorEdge = false;
    for (let j = 0; j < data.length; j += 4) if (data[j + 1] === EffOp.Add && data[j + 3] === Edge.Error) errorEdge = true;
    this.hasErrorEdge = errorEdge;
    this.source = source;
  }

  /** Readable form of effect `i`, e.g. `TrunkHealth -= 1`. */
  describe(i: number): string {
    const d = this.data;
    const cell = d[i * 4];
    const op = d[i * 4 + 1];
    const arg = d[i * 4 + 2];
    if (op === EffOp.Opaque) return `${nameOf((this.source[i] as OpaqueEffect).opaque)}()`;
    const name = this.schema.nameOf(cell);
    if (op === EffOp.Set) return `${name} = ${this.schema.format(cell, arg)}`;
    return arg < 0 ? `${name} -= ${-arg}` : `${name} += ${arg}`;
  }

  /** The effects as plain data (opaque ones by name only), for logs and snapshots. */
  toJSON(): unknown[] {
    return this.source.map((e) => ('opaque' in e ? { opaque: e.opaque } : e));
  }
}

/**
 * Compile effects against a schema, once. Set values must be in range; add/sub
 * need an int key and an integer amount. Errors name the key and `where`.
 * @example
 * const effects = compileEffects(schema, [sub(keys.TrunkHealth, 1)], 'task DoTrunkSlam');
 */
export function compileEffects(schema: Schema, defs: readonly EffectDef[], where?: string): EffectList {
  if (!Array.isArray(defs))
    throw new DefinitionError('BAD_EFFECTS', String(where ?? ''), `Effects${where ? ` in ${where}` : ''} must be an array, got ${describeValue(defs)}.`);
  const data = new Int32Array(defs.length * 4);
  const fns: OpaqueApply[] = [];
  const source: EffectDef[] = [];
  const suffix = where ? ` in ${where}` : '';
  defs.forEach((def, i) => {
    if (def && typeof def === 'object' && 'opaque' in def) {
      if (typeof def.apply !== 'function')
        throw new DefinitionError('BAD_OPAQUE', nameOf(def.opaque), `Opaque effect ${showValue(def.opaque)}${suffix} has no apply function.`);
      data.set([0, EffOp.Opaque, fns.length, 0], i * 4);
      fns.push(def.apply);
      source.push(def);
      return;
    }
    const e = def as Effect;
    if (e && typeof e === 'object' && 'key' in e && e.key === undefined) {
      // Plain JavaScript: `set(keys.Misspelt, true)` passes an undefined key.
      throw new DefinitionError('MISSING_KEY', String(where ?? ''), `Effect #${i}${suffix} has no key (undefined): check the key's name in the schema's keys.`);
    }
    if (!e || typeof e !== 'object' || e.key === undefined)
      throw new DefinitionError('BAD_EFFECT', String(where ?? ''), `Malformed effect ${showValue(e)}${suffix}.`);
    const member = typeof e.key === 'string' ? schema.member(e.key) : undefined;
    if (member && typeof e.key === 'string') {
      // `HasSword = true` sets the merged enum; `= false` would not say which member becomes true.
      if (e.op !== 'set' || e.value !== true) {
        throw new DefinitionError(
          'AMBIGUOUS_MEMBER_EFFECT',
          e.key,
          `Effect on merged-bool member "${e.key}"${suffix} must set it to true; to clear it, set "${member.key}" to another member.`,
        );
      }
      data.set([member.cell, EffOp.Set, member.value, 0], i * 4);
      source.push({ key: member.key, op: 'set', value: member.value });
      return;
    }
    const cell = schema.cellOf(e.key, e.index ?? 0, where);
    const name = schema.nameOf(cell);
    if (e.op === 'set') {
      const value = schema.encode(cell, e.value, where);
      data.set([cell, EffOp.Set, value, 0], i * 4);
      source.push({ key: name, op: 'set', value: schema.decode(cell, value) });
      return;
    }
    if (e.op !== 'add' && e.op !== 'sub') throw new DefinitionError('BAD_OPERATOR', name, `Unknown effect operator ${showValue(e.op)} on "${name}"${suffix}.`);
    if (schema.kind[cell] !== KeyKind.Int) throw new DefinitionError('BAD_OPERATOR', name, `"${e.op}" needs an int key; "${name}"${suffix} is not an int.`);
    if (typeof e.value !== 'number' || !Number.isInteger(e.value) || Math.abs(e.value) > schema.max[cell] - schema.min[cell]) {
      throw new ValueRangeError(name, e.value, `an integer amount within the key's span`, where);
    }
    if (e.edge !== undefined && e.edge !== 'clamp' && e.edge !== 'error')
      throw new DefinitionError('BAD_EDGE_POLICY', name, `Edge policy must be 'clamp' or 'error'${suffix}.`);
    const edge = e.edge === undefined ? schema.edge[cell] : e.edge === 'error' ? Edge.Error : Edge.Clamp;
    const amount = e.op === 'sub' ? -e.value : e.value;
    data.set([cell, EffOp.Add, amount, edge], i * 4);
    source.push(e.edge === undefined ? { key: name, op: e.op, value: e.value } : { key: name, op: e.op, value: e.value, edge: e.edge });
  });
  return new EffectList(schema, data, fns, source);
}

/** Shared empty list. */
export function emptyEffects(schema: Schema): EffectList {
  return new EffectList(schema, new Int32Array(0), [], []);
}

/**
 * Apply effects to a state. Returns -1, or the index of an effect whose `error`
 * edge policy refused it (earlier effects stay applied: planners restore their
 * working copy, and the runner uses {@link applyEffectsOrThrow}). Allocates nothing.
 * @example
 * const refused = applyEffects(effects, state);
 * if (refused >= 0) console.log(`effect ${refused} would leave its key's range`);
 */
export function applyEffects(list: EffectList, state: WorldState<any>, ctx?: unknown, source: ChangeSource = ChangeSource.Own): number {
  const d = list.data;
  const values = state.values;
  const min = list.schema.min;
  const max = list.schema.max;
  for (let i = 0, j = 0; j < d.length; i++, j += 4) {
    const cell = d[j];
    const op = d[j + 1];
    let v: number;
    if (op === 0) v = d[j + 2];
    else if (op === 1) {
      v = values[cell] + d[j + 2];
      if (v > max[cell]) {
        if (d[j + 3] === 1) return i;
        v = max[cell];
      } else if (v < min[cell]) {
        if (d[j + 3] === 1) return i;
        v = min[cell];
      }
    } else {
      list.fns[d[j + 2]](state, ctx);
      continue;
    }
    if (source === ChangeSource.Planning) values[cell] = v;
    else state.write(cell, v, source);
  }
  return -1;
}

/**
 * {@link applyEffects}, throwing {@link EffectRangeError} naming the key when an edge policy refuses.
 * @example
 * applyEffectsOrThrow(effects, state, ctx, ChangeSource.Own, 'task DoTrunkSlam');
 */
export function applyEffectsOrThrow(list: EffectList, state: WorldState<any>, ctx?: unknown, source: ChangeSource = ChangeSource.Own, where?: string): void {
  const failed = applyEffects(list, state, ctx, source);
  if (failed >= 0) throw new EffectRangeError(list.schema.nameOf(list.data[failed * 4]), where);
}
