import { describe, expect, it } from '@jest/globals';
import { htnDomainBuilder } from '../domain/HtnDomainBuilder.js';
import { npcHtnDomain, soldierHtnDomain, trollHtnDomain } from '../examples/index.js';
import { bool, check, defineActions, defineSchema, eq, set } from '@dualplan/world-state';
import { searchInputs } from './searchInputs.js';

describe('searchInputs', () => {
  it('finds nothing but the state in the troll domain', () => {
    const troll = trollHtnDomain();
    const inputs = searchInputs(troll);
    expect(inputs.beyondState).toBe('');
    // The cells its conditions read (no effect adds to a cell): a search from the same values of these is the same search.
    expect([...inputs.cells].map((c) => troll.schema.nameOf(c))).toEqual([
      'WsCanSeeEnemy',
      'WsHasSeenEnemyRecently',
      'WsEnemyRange',
      'WsLocation',
      'WsTrunkHealth',
      'WsIsTired',
      'WsAttackedRecently',
      'WsPowerUp',
      'WsCanNavigateToEnemy',
      'WsStamina',
    ]);
  });

  it('names a condition given as a function', () => {
    const schema = defineSchema({ Ready: bool(), Done: bool() });
    const k = schema.keys;
    const domain = htnDomainBuilder(defineActions(schema, [{ name: 'Act', conditions: [eq(k.Ready, true)], effects: [set(k.Done, true)] }]), 'opaque')
      .compound('Root')
      .method([check('asked', (_s, ctx: { asked?: boolean }) => ctx?.asked === true)], 'ifAsked')
      .task('Act')
      .end()
      .build();
    expect(searchInputs(domain)).toEqual({ beyondState: 'method ifAsked has a condition given as a function', cells: new Int32Array(0) });
  });

  it('says what the other example domains read', () => {
    expect([searchInputs(soldierHtnDomain()).beyondState, searchInputs(npcHtnDomain()).beyondState]).toEqual(['', '']);
  });
});
