// The functions troll.json refers to by name, for `dualplan plan troll.json --registry troll.registry.mjs`
// and as a model for a game's own registry. Callbacks take (state, ctx).
const get = (state, key) => state.get(state.schema.keys[key]);

export default {
  validity: {
    isTired: (state) => get(state, 'WsIsTired'),
    seesEnemy: (state) => get(state, 'WsCanSeeEnemy'),
    lostSightOfEnemy: (state) => get(state, 'WsHasSeenEnemyRecently') && !get(state, 'WsCanSeeEnemy'),
  },
};
