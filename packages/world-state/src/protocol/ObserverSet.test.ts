import { describe, expect, it } from '@jest/globals';
import { ObserverSet } from './ObserverSet.js';
import type { PlanObserver } from './PlanObserver.js';
import type { SearchTrace } from '../trace/SearchTrace.js';

const trace = { target: 't' } as SearchTrace;

describe('ObserverSet', () => {
  it('reports to every observer, builds a deferred search once, and detaches one at a time', () => {
    const set = new ObserverSet();
    expect(set.observer).toBeNull();
    const seen: string[] = [];
    const plain: PlanObserver = { search: (t) => seen.push(`plain ${t.target}`), goals: () => seen.push('plain goals') };
    const deferred: PlanObserver = { search: () => seen.push('never'), deferredSearch: (read) => seen.push(`deferred ${read().target}`) };
    const detachPlain = set.add(plain);
    expect(set.observer).toBe(plain);
    set.add(deferred);
    set.add(deferred);
    expect(set.size).toBe(2);
    let built = 0;
    set.observer!.deferredSearch!(() => (built++, trace));
    set.observer!.goals!([]);
    expect(seen).toEqual(['plain t', 'deferred t', 'plain goals']);
    // Each observer reads the search once (the planners' captures build it on the first read only).
    expect(built).toBe(2);
    detachPlain();
    expect(set.observer).toBe(deferred);
    set.clear();
    expect(set.observer).toBeNull();
  });
});
