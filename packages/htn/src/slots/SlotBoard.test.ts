import { describe, expect, it } from '@jest/globals';
import { mulberry32 } from '@dualplan/world-state';
import type { HtnDomain } from '../domain/HtnDomain.js';
import type { HtnMeta } from '../search/HtnPlan.js';
import { gunCombatDomain, npcActions, npcHtnDomain, swordCombatDomain } from '../examples/npcHtnDomain.js';
import { SlotBoard } from './SlotBoard.js';

const budgets = { maxSteps: 1000, maxDepth: 64, depthBacktracks: false };
const boardOf = (domain: HtnDomain, rebuilt: () => void = () => {}) =>
  new SlotBoard<unknown, string>(
    domain,
    domain.root,
    budgets,
    domain.delegateNames.map(() => null),
    mulberry32(1),
    rebuilt,
  );
const meta = (slots: string[], slotVersions: number[]) => ({ planner: 'htn', meta: { slots, slotVersions } as unknown as HtnMeta }) as never;

describe('SlotBoard', () => {
  const actions = npcActions();

  it('compiles what is plugged into its domain, tells the planner, and counts plug versions', () => {
    let rebuilds = 0;
    const base = npcHtnDomain(actions);
    const board = boardOf(base, () => rebuilds++);
    expect(board.domain).toBe(base);
    const index = board.slotIndex('Combat');
    board.plug(index, boardOf(swordCombatDomain(actions)), 'sword planner');
    expect(rebuilds).toBe(1);
    expect(board.domain).not.toBe(base);
    expect(board.domain.taskId('Swing')).toBeGreaterThanOrEqual(0);
    expect(board.settings.slotRoot[index]).toBeGreaterThanOrEqual(0);
    expect(board.pluggedInto(index)).toBe('sword planner');
    expect(board.isStale(meta(['Combat'], [1]))).toBe(false);
    board.plug(index, boardOf(gunCombatDomain(actions)), 'gun planner');
    expect(board.isStale(meta(['Combat'], [1]))).toBe(true);
    board.unplug(index);
    expect([rebuilds, board.pluggedInto(index), board.settings.slotRoot[index]]).toEqual([3, null, -1]);
    expect(board.isStale(meta(['Combat'], [3]))).toBe(false);
  });

  it('reseeding a sub-board is no plug: the board above keeps its domain', () => {
    const board = boardOf(npcHtnDomain(actions));
    const sub = boardOf(swordCombatDomain(actions));
    board.plug(board.slotIndex('Combat'), sub, 'sub');
    const before = board.domain;
    sub.reseed(2);
    expect(board.domain).toBe(before);
  });

  it('names an unknown slot', () => {
    expect(() => boardOf(npcHtnDomain(actions)).slotIndex('Nope')).toThrow(/has no slot "Nope"/);
  });
});
