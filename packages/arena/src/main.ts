import { bool, createState, defineSchema, enumOf, int } from '@dualplan/world-state';

// Placeholder world-state demo until the arena simulation lands.
enum Range { Melee, Viewable, Far, OutOfRange }
const schema = defineSchema({ WsCanSeeEnemy: bool(), WsEnemyRange: enumOf(Range, Range.OutOfRange), WsTrunkHealth: int(0, 3) });
const state = createState(schema);
state.set(schema.keys.WsCanSeeEnemy, true);
state.set(schema.keys.WsEnemyRange, Range.Melee);
console.log(`troll state: ${state.toString()} (hash ${state.hash().toString(16)})`);
