import { describe, expect, it } from '@jest/globals';
import { enumOf } from './KeySpec.js';
import { defineSchema, schemaFromData } from './defineSchema.js';
import { SchemaError, ValueRangeError } from '../errors/errors.js';
import { createState, restoreState } from './WorldState.js';

// Messages about enum values speak in the enum's names, as a user wrote them, never only in internal numbers.
describe('enum value messages', () => {
  const schema = defineSchema({ mood: enumOf(['calm', 'angry', 'sad']) });
  const mood = schema.keys.mood;

  it('a value name passed where a number is stored says which number it is', () => {
    const state = createState(schema);
    expect(() => state.set(mood, 'sad' as never)).toThrow(ValueRangeError);
    expect(() => state.set(mood, 'sad' as never)).toThrow(/"sad" is 2/);
    expect(() => state.set(mood, 'sed' as never)).toThrow(/calm \(0\), angry \(1\), sad \(2\)\. Did you mean "sad"\?/);
    expect(() => state.set(mood, 7 as never)).toThrow(/calm \(0\), angry \(1\), sad \(2\)/);
  });

  it('a misspelt enum default names the default and the values, not -1', () => {
    const bad = () => schemaFromData([{ name: 'mood', kind: 'enum', values: ['calm', 'angry', 'sad'], default: 'angy' }]);
    expect(bad).toThrow(SchemaError);
    expect(bad).toThrow(/default "angy" is not one of its values \(calm, angry, sad\)\. Did you mean "angry"\?/);
    expect(bad).not.toThrow(/-1/);
    expect(() => defineSchema({ mood: enumOf(['calm', 'angry'], 5 as never) })).toThrow(/expected one of calm \(0\), angry \(1\)/);
  });

  it('long enums are listed in part', () => {
    const names = Array.from({ length: 300 }, (_, i) => `v${i}`);
    const s = defineSchema({ big: enumOf(names) });
    const message = (() => {
      try {
        createState(s).set(s.keys.big, 400 as never);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/v19 \(19\), … \(300 values\)/);
    expect(message.length).toBeLessThan(400);
  });

  it('"__proto__" cannot name a key (handles and snapshots are objects keyed by name)', () => {
    expect(() => schemaFromData([{ name: '__proto__', kind: 'bool' }])).toThrow(expect.objectContaining({ code: 'BAD_KEY_NAME', subject: '__proto__' }));
    // Other names that objects inherit are plain names.
    const s = schemaFromData([
      { name: 'constructor', kind: 'bool', default: true },
      { name: 'toString', kind: 'int', min: 0, max: 3 },
    ]);
    const state = createState(s);
    expect(state.get(s.keys.constructor as never)).toBe(true);
    expect(state.toJSON()).toEqual({ constructor: true, toString: 0 });
    // A snapshot without them leaves them at their defaults instead of reading Object.prototype's.
    const restored = restoreState(s, {}, { allowMissing: true });
    expect(restored.toJSON()).toEqual({ constructor: true, toString: 0 });
  });
});
