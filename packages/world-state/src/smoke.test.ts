import { defineSchema, bool, int, enumOf, mergedBools, createState, compileConditions, compileEffects, eq, le, sub, firstFailing, applyEffects } from './index';
enum Range { Melee, Viewable, Far, OutOfRange }
const Weapon = { Sword: 0, Bow: 1, Unarmed: 2 } as const;
test('smoke', () => {
  const schema = defineSchema({ CanSeeEnemy: bool(), EnemyRange: enumOf(Range, Range.OutOfRange), TrunkHealth: int(0, 3), Weapon: mergedBools(Weapon, Weapon.Unarmed), EnemyHealth: int(0, 100, 100, { slots: 4 }) });
  const k = schema.keys;
  const s = createState(schema);
  s.set(k.CanSeeEnemy, true);
  s.set(k.EnemyRange, Range.Melee);
  expect(s.get(k.CanSeeEnemy)).toBe(true);
  const c = compileConditions(schema, [eq(k.CanSeeEnemy, true), le(k.TrunkHealth, 2), { key: 'Sword', op: '==', value: false }]);
  expect(firstFailing(c, s)).toBe(-1);
  const e = compileEffects(schema, [sub(k.TrunkHealth, 1), { key: 'Sword', op: 'set', value: true }]);
  applyEffects(e, s);
  expect(s.get(k.Weapon)).toBe(Weapon.Sword);
  expect(firstFailing(c, s)).toBe(2);
  console.log(s.toString(), schema.storage, schema.stateSpace(), JSON.stringify(s));
});
