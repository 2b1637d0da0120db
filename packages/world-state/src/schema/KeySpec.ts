import { showValue } from '../errors/describeValue.js';

/**
 * Key declarations: the value kind of each world-state key. A schema is a
 * record of these; see {@link defineSchema}.
 */

/** What to do when an add/subtract effect would leave a key's range. Never a silent wrap. */
export type EdgePolicy = 'clamp' | 'error';

/** An enum given as a TypeScript numeric enum, an `as const` name→number object, or a list of names. */
export type EnumSource = Readonly<Record<string, string | number>> | readonly string[];

/** The value type of an enum source: the TS enum itself, or the object's values. */
export type EnumValue<E> = E extends readonly string[] ? number : E[keyof E] & number;

interface SpecBase {
  /** Number of slots: a key with N slots holds one value per entity (addressed as key + index). */
  readonly slots: number;
}

/** A boolean key, as declared by {@link bool}. */
export interface BoolSpec extends SpecBase {
  readonly kind: 'bool';
  readonly default: boolean;
}

/** An enum key, as declared by {@link enumOf} or {@link mergedBools}: one small integer per value name. */
export interface EnumSpec<V extends number = number> extends SpecBase {
  readonly kind: 'enum';
  /** Value names, indexed by value. */
  readonly names: readonly string[];
  readonly default: V;
  /** True for a merged-bool enum: the names are mutually exclusive booleans folded into one key. */
  readonly merged: boolean;
  /** Set when the enum source was malformed; the schema reports it with the key's name. */
  readonly problem?: string;
}

/** A bounded integer key, as declared by {@link int}, with what an effect does at the bounds. */
export interface IntSpec extends SpecBase {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly edge: EdgePolicy;
}

/** The declaration of one key: what a schema spec maps each key name to. */
export type KeySpec = BoolSpec | EnumSpec<number> | IntSpec;

/** The TypeScript value type a key spec reads and writes. */
export type ValueOf<S> = S extends BoolSpec ? boolean : S extends EnumSpec<infer V> ? V : number;

/** Options shared by every key declaration. */
export interface SlotOptions {
  /** Declare the key as an array of `slots` values, one per entity. Defaults to 1. */
  slots?: number;
}

/**
 * A boolean key.
 * @example
 * const spec = { CanSeeEnemy: bool(), IsTired: bool(false) };
 */
export function bool(defaultValue = false, options: SlotOptions = {}): BoolSpec {
  return { kind: 'bool', default: defaultValue, slots: options?.slots ?? 1 };
}

/**
 * An integer key over `[min, max]`.
 * @example
 * const spec = { TrunkHealth: int(0, 3), Ammo: int(0, 30, 30, { edge: 'error' }) };
 */
export function int(min: number, max: number, defaultValue: number = min, options: SlotOptions & { edge?: EdgePolicy } = {}): IntSpec {
  return { kind: 'int', min, max, default: defaultValue, edge: options?.edge ?? 'clamp', slots: options?.slots ?? 1 };
}

/**
 * An enum key with named values. Pass a TypeScript numeric enum (values 0..n-1) or
 * an `as const` object of the same shape; reads and writes are then typed as it.
 * @example
 * enum Range { Melee, Viewable, Far, OutOfRange }
 * const spec = { EnemyRange: enumOf(Range, Range.OutOfRange) };
 */
export function enumOf<const E extends EnumSource>(values: E, defaultValue?: EnumValue<E>, options: SlotOptions = {}): EnumSpec<EnumValue<E>> {
  const { names, problem } = enumNames(values);
  return {
    kind: 'enum',
    names,
    ...(problem === undefined ? {} : { problem }),
    default: (defaultValue ?? 0) as EnumValue<E>,
    merged: false,
    slots: options?.slots ?? 1,
  };
}

/**
 * A merged-bool enum: mutually exclusive booleans (`HasSword`, `HasBow`, `Unarmed`)
 * declared as one enum key. Setting one member clears the others by construction,
 * and the planning state space shrinks from 2^n to n values.
 * @example
 * const Weapon = { Sword: 0, Bow: 1, Unarmed: 2 } as const;
 * const spec = { Weapon: mergedBools(Weapon, Weapon.Unarmed) };
 */
export function mergedBools<const E extends EnumSource>(members: E, defaultValue?: EnumValue<E>, options: SlotOptions = {}): EnumSpec<EnumValue<E>> {
  return { ...enumOf(members, defaultValue, options), merged: true };
}

/**
 * Value names of an enum source, indexed by value. Numeric TS enums carry reverse
 * mappings (`0 → 'Melee'`), which are skipped; values must be exactly 0..n-1 so the
 * stored byte is the enum value itself and no translation is needed at run time.
 */
function enumNames(values: EnumSource): { names: string[]; problem?: string } {
  if (Array.isArray(values)) return { names: [...(values as readonly string[])] };
  if (typeof values !== 'object' || values === null)
    return { names: [], problem: `expected an array of value names or an enum object, got ${showValue(values)}` };
  const names: string[] = [];
  const seen = new Set<number>();
  for (const [name, value] of Object.entries(values)) {
    if (/^\d+$/.test(name) && typeof value === 'string') continue; // reverse mapping
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || seen.has(value)) {
      return { names, problem: `member ${name} = ${showValue(value)} is not a distinct integer >= 0` };
    }
    seen.add(value);
    names[value] = name;
  }
  if (names.length !== seen.size) return { names, problem: 'values must be exactly 0..n-1' };
  return { names };
}
