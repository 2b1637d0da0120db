import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { GameError } from './GameError.js';
import { ReservationBoard } from './ReservationBoard.js';

describe('ReservationBoard', () => {
  it('a reservation on an unknown resource is a typed error naming it', () => {
    const board = new ReservationBoard(['cover0']);
    const thrown = (() => {
      try {
        board.claim('cover9', 's1', {});
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(GameError);
    expect((thrown as GameError).code).toBe('UNKNOWN_RESOURCE');
    expect((thrown as GameError).subject).toBe('cover9');
    expect(board.claims()).toEqual([]);
  });

  it('a retired resource releases its holder and is unknown from then on', () => {
    const board = new ReservationBoard(['tree1']);
    board.claim('tree1', 'troll', {});
    expect(board.retire('tree1')).toBe('troll');
    expect(board.claims()).toEqual([]);
    expect(board.has('tree1')).toBe(false);
  });

  it('random claims and releases: never two holders, releaseExcept keeps only the kept plan, all released at the end', () => {
    const op = fc.record({ kind: fc.constantFrom('claim', 'release', 'releaseExcept'), agent: fc.nat(4), resource: fc.nat(5), plan: fc.nat(2) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const plans = [{}, {}, {}];
        const board = new ReservationBoard(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
        for (const o of ops) {
          const agent = `a${o.agent}`;
          const resource = `r${o.resource}`;
          if (o.kind === 'claim') {
            const before = board.holder(resource);
            const ok = board.claim(resource, agent, plans[o.plan]);
            expect(ok).toBe(before === null || before.agent === agent);
          } else if (o.kind === 'release') board.release(resource, agent, 'test');
          else {
            board.releaseExcept(agent, plans[o.plan], 'test');
            expect(board.claimsOf(agent).every((c) => c.plan === plans[o.plan])).toBe(true);
          }
          const holders = board.claims().map((c) => c.resource);
          expect(new Set(holders).size).toBe(holders.length);
        }
        for (let a = 0; a <= 4; a++) board.releaseExcept(`a${a}`, null, 'end');
        expect(board.claims()).toEqual([]);
      }),
    );
  });
});
