import { bool, createState, defineSchema } from '../index.js';
import { checkWorldState } from './checkWorldState.js';

describe('checkWorldState', () => {
  const schema = defineSchema({ hungry: bool() });

  test('accepts a WorldState', () => {
    expect(() => checkWorldState(createState(schema), 'HtnPlanner')).not.toThrow();
  });

  test.each([[{ hungry: true }], [null], [undefined], [42]])('rejects %p as BAD_STATE naming the caller', (bad) => {
    expect(() => checkWorldState(bad as never, 'GoapPlanner')).toThrow(
      expect.objectContaining({
        code: 'BAD_STATE',
        subject: 'state',
        message: expect.stringMatching(/^GoapPlanner plans from a WorldState, got .*createState\(schema, snapshot\)/),
      }),
    );
  });
});
