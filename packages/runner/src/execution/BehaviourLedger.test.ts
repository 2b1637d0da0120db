import { describe, expect, it } from '@jest/globals';
import type { PlanStep } from '@dualplan/world-state';
import { BehaviourLedger } from './BehaviourLedger.js';
import { RunnerError } from '../RunnerError.js';
import { makeStep, testSchema } from '../testing/fakes.js';

const schema = testSchema();
const decorated = (task: string, decorators: PlanStep['decorators']): PlanStep => ({ ...makeStep(schema, task), decorators });

describe('BehaviourLedger', () => {
  it('starts a cooldown at the end of a step (default) or at its start, and forgets it once over', () => {
    let now = 0;
    const ledger = new BehaviourLedger(() => now);
    const end = decorated('Throw', { cooldown: 2 });
    const start = decorated('Shout', { cooldown: 2, cooldownFrom: 'start' });
    ledger.started('main', [end], 0);
    ledger.started('main', [start], 0);
    expect(ledger.cooldownLeft('Throw')).toBe(0);
    expect(ledger.cooldownLeft('Shout')).toBe(2);
    now = 1;
    ledger.succeeded('main', [end], 0);
    expect(ledger.availability('main')).toEqual({
      unavailable: [
        { name: 'Shout', seconds: 1, once: false },
        { name: 'Throw', seconds: 2, once: false },
      ],
    });
    now = 3;
    expect(ledger.availability('main')).toBeUndefined();
  });

  it('once per agent is for good; once per plan ends with the runner’s plan', () => {
    const ledger = new BehaviourLedger(() => 0);
    ledger.started('main', [decorated('Greet', { once: true })], 0);
    ledger.started('main', [decorated('Wave', { once: 'plan' })], 0);
    expect(ledger.availability('main')?.unavailable.map((u) => u.name)).toEqual(['Greet', 'Wave']);
    // Another runner of the agent: Greet is the agent's, Wave the other runner's plan's.
    expect(ledger.availability('legs')?.unavailable.map((u) => u.name)).toEqual(['Greet']);
    ledger.planEnded('main');
    expect(ledger.availability('main')?.unavailable.map((u) => u.name)).toEqual(['Greet']);
    expect(ledger.doneForGood('Greet')).toBe(true);
  });

  it('knows a once action done before a step starts: not a retry of the running step, per agent or per plan', () => {
    const ledger = new BehaviourLedger(() => 0);
    const greet = decorated('Greet', { once: true, retries: 1 });
    const wave = decorated('Wave', { once: 'plan' });
    const again = decorated('Greet', { once: true });
    expect(ledger.doneBefore('main', greet)).toBe(false);
    ledger.started('main', [greet], 0);
    // A retry of the running step is the same run, not a second one.
    expect(ledger.doneBefore('main', greet)).toBe(false);
    ledger.succeeded('main', [greet], 0);
    expect(ledger.doneBefore('main', greet)).toBe(true);
    expect(ledger.doneBefore('main', again)).toBe(true);
    expect(ledger.doneBefore('legs', again)).toBe(true);
    ledger.started('main', [wave], 0);
    ledger.succeeded('main', [wave], 0);
    expect(ledger.doneBefore('main', wave)).toBe(true);
    expect(ledger.doneBefore('legs', wave)).toBe(false);
    ledger.planEnded('main');
    expect(ledger.doneBefore('main', wave)).toBe(false);
    expect(ledger.doneBefore('main', decorated('Shout', { cooldown: 1 }))).toBe(false);
  });

  it('gives a failing step its retries, then none; a success or a new plan starts the count again', () => {
    const ledger = new BehaviourLedger(() => 0);
    const door = decorated('OpenDoor', { retries: 2, cooldown: 5 });
    ledger.started('main', [door], 0);
    expect(ledger.failed('main', [door], 0)).toBe(1);
    ledger.started('main', [door], 0);
    expect(ledger.failed('main', [door], 0)).toBe(2);
    ledger.started('main', [door], 0);
    expect(ledger.failed('main', [door], 0)).toBe(0);
    // Out of retries: it ended, so its cooldown runs.
    expect(ledger.cooldownLeft('OpenDoor')).toBe(5);
    ledger.started('main', [door], 0);
    expect(ledger.failed('main', [door], 0)).toBe(1);
    ledger.planEnded('main');
    ledger.started('main', [door], 0);
    expect(ledger.failed('main', [door], 0)).toBe(1);
  });

  it('says when a checkEvery step is due for a check', () => {
    let now = 0;
    const ledger = new BehaviourLedger(() => now);
    ledger.started('main', [decorated('Aim', { checkEvery: 0.5 })], 0);
    now = 0.25;
    expect(ledger.checkDue('main', 0.5)).toBe(false);
    now = 0.5;
    expect(ledger.checkDue('main', 0.5)).toBe(true);
    now = 0.75;
    expect(ledger.checkDue('main', 0.5)).toBe(false);
  });

  it('saves as plain data and restores from the agent’s time now; bad snapshots are typed errors', () => {
    let now = 10;
    const ledger = new BehaviourLedger(() => now);
    ledger.started('main', [decorated('Greet', { once: 'agent' })], 0);
    ledger.succeeded('main', [decorated('Throw', { cooldown: 4 })], 0);
    now = 11;
    const saved = JSON.parse(JSON.stringify(ledger.save()));
    expect(saved).toEqual({ cooldowns: [['Throw', 3]], once: ['Greet'], goals: [] });
    let later = 0;
    const restored = new BehaviourLedger(() => later);
    restored.restore(saved);
    expect(restored.cooldownLeft('Throw')).toBe(3);
    later = 3;
    expect(restored.availability('main')?.unavailable).toEqual([{ name: 'Greet', seconds: 0, once: true }]);
    expect(() => restored.restore({ cooldowns: [['Throw', -1]], once: [] })).toThrow(RunnerError);
    expect(() => restored.restore(null as never)).toThrow(/needs cooldowns and once arrays/);
    expect(() => restored.restore({ cooldowns: [], once: [3 as never] })).toThrow(/once entry must be a name/);
  });
});
