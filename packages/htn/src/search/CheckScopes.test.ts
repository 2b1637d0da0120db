import { describe, expect, it } from '@jest/globals';
import { defineActions, defineSchema, bool } from '@dualplan/world-state';
import { compileHtnDomain } from '../domain/compileHtnDomain.js';
import { CheckScopes } from './CheckScopes.js';

const schema = defineSchema({ Y: bool() });
const domain = compileHtnDomain(defineActions(schema, [{ name: 'Step' }]), {
  root: 'Root',
  tasks: [{ kind: 'compound', name: 'Root', methods: [{ name: 'only', subtasks: ['Step'] }] }],
});

describe('CheckScopes', () => {
  it('opens nested scopes, closes the innermost, and restores a saved (current, top)', () => {
    const scopes = new CheckScopes(domain);
    expect([scopes.current, scopes.top]).toEqual([-1, 0]);
    scopes.open(0);
    const saved = [scopes.current, scopes.top] as const;
    scopes.open(0);
    expect([scopes.current, scopes.top]).toEqual([1, 2]);
    scopes.close();
    expect([scopes.current, scopes.top]).toEqual([0, 2]);
    scopes.restore(saved[0], saved[1]);
    expect([scopes.current, scopes.top]).toEqual([0, 1]);
    scopes.close();
    scopes.close(); // nothing open: a no-op, as after resuming a continuation
    expect(scopes.current).toBe(-1);
  });

  it('grows past its initial arena', () => {
    const scopes = new CheckScopes(domain);
    for (let i = 0; i < 40; i++) scopes.open(0);
    expect([scopes.current, scopes.top]).toEqual([39, 40]);
  });
});
