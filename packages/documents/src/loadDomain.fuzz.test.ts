import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hostileValues } from '@dualplan/world-state/examples';
import { describeThrown, DualplanError } from '@dualplan/world-state';
import { lintDomain } from './lintDomain.js';
import { loadDomain } from './loadDomain.js';
import { example, trollRegistry } from './testDocuments.js';

// Fuzzing documents: an example document with one value anywhere replaced by junk either loads (and lints) or
// throws a DualplanError naming what is wrong; never another exception.
const typed = (f: () => unknown): string => {
  try {
    return (f(), 'ok');
  } catch (e) {
    return e instanceof DualplanError && typeof e.subject === 'string' && e.code !== '' ? 'typed' : `untyped ${describeThrown(e)}`;
  }
};

// Values String(), templates and JSON.stringify cannot convert: every run draws them.
const hostile = fc.constantFrom(...hostileValues());
const junk = fc.oneof(
  fc.anything(),
  hostile,
  hostile,
  fc.constantFrom(NaN, -1, 0, 1, '', 'x', null, undefined, {}, [], () => 1),
);

/** Every path to a value inside `value` (objects and arrays included), the root excepted. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const path = [...at, Array.isArray(value) ? Number(k) : k];
      out.push(path);
      pathsOf(v, path, out);
    }
  }
  return out;
}

function replaced(doc: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  parent[path[path.length - 1]] = value;
  return copy;
}

describe('fuzzing domain documents', () => {
  it.each(['troll', 'soldier'] as const)('%s with one value replaced: loads and lints, or throws a typed error', (name) => {
    const doc = example(name);
    const registry = name === 'troll' ? trollRegistry : {};
    fc.assert(
      fc.property(fc.constantFrom(...pathsOf(doc)), junk, (path, value) => {
        const changed = replaced(doc, path, value);
        expect(typed(() => loadDomain(changed, registry))).not.toMatch(/^untyped/);
        expect(typed(() => lintDomain(changed))).not.toMatch(/^untyped/);
      }),
      { numRuns: 300 },
    );
  });
});
