// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package's tarball.
import { bool, compileConditions, createState, defineSchema, enumOf, eq, firstFailing, int } from '@dualplan/world-state';
import { trollSchema, EnemyRange } from '@dualplan/world-state/examples';

enum Range {
  Melee,
  Far,
}
const schema = defineSchema({ CanSee: bool(), Range: enumOf(Range, Range.Far), Trunk: int(0, 3) });
const state = createState(schema);
state.set(schema.keys.CanSee, true);
const range: Range = state.get(schema.keys.Range);
const conds = compileConditions(schema, [eq(schema.keys.CanSee, true), eq(schema.keys.Range, Range.Melee)]);
if (firstFailing(conds, state) !== 1 || range !== Range.Far) throw new Error('world-state consumer smoke failed');
const troll = createState(trollSchema());
if (troll.get(troll.schema.keys.WsEnemyRange) !== EnemyRange.OutOfRange) throw new Error('examples subpath failed');
