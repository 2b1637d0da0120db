import { expect, test } from '@jest/globals';
// The complete example of docs/world-state.md, verbatim between the markers, then checked.
import {
  defineSchema,
  bool,
  enumOf,
  int,
  mergedBools,
  createState,
  compileConditions,
  compileEffects,
  checkConditions,
  applyEffects,
  eq,
  le,
  isIn,
  set,
  sub,
  ChangeSource,
} from './index.js';

test('the docs/world-state.md example runs as written', () => {
  // --- docs/world-state.md ---
  enum EnemyRange {
    Melee,
    View,
    OutOfRange,
  }
  enum Location {
    Unknown,
    Bridge,
    Enemy,
    Trunk,
    LastEnemyLoc,
  }
  const Weapon = { Trunk: 0, Boulder: 1, Unarmed: 2 } as const;

  const schema = defineSchema({
    WsCanSeeEnemy: bool(),
    WsHasSeenEnemyRecently: bool(),
    WsEnemyRange: enumOf(EnemyRange, EnemyRange.OutOfRange),
    WsLocation: enumOf(Location, Location.Bridge),
    WsTrunkHealth: int(0, 3), // hits left before the trunk breaks
    WsIsTired: bool(),
    WsPowerUp: int(0, 3, 0, { edge: 'error' }),
    WsHeld: mergedBools(Weapon, Weapon.Unarmed),
    WsSquadHealth: int(0, 100, 100, { slots: 4 }),
  });
  const K = schema.keys;

  const state = createState(schema);
  state.set(K.WsCanSeeEnemy, true); // typed: a boolean
  state.set(K.WsEnemyRange, EnemyRange.Melee); // typed: an EnemyRange
  state.get(K.WsTrunkHealth); // number

  // Conditions and effects are plain data, compiled once.
  const canSlam = compileConditions(
    schema,
    [eq(K.WsCanSeeEnemy, true), isIn(K.WsEnemyRange, [EnemyRange.Melee, EnemyRange.View]), le(K.WsPowerUp, 2)],
    'task DoTrunkSlam',
  );
  const slam = compileEffects(schema, [sub(K.WsTrunkHealth, 1), set(K.WsIsTired, true)], 'task DoTrunkSlam');

  if (checkConditions(canSlam, state)) applyEffects(slam, state, undefined, ChangeSource.Own);
  // --- end ---
  expect(state.get(K.WsIsTired)).toBe(true);
  expect(state.get(K.WsTrunkHealth)).toBe(0); // clamped at the edge
  expect(state.externalChanges).toBe(2); // the two sets above; the slam's own effects are not external
  expect(schema.stateSpace().before / schema.stateSpace().after).toBeCloseTo(8 / 3);
  expect(schema.storage).toBe('Uint8Array');
});
