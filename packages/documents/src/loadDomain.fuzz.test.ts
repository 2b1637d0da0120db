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

  // Long and odd names: every name of the document renamed consistently (so the document stays valid), from an
  // alphabet of invisible, bidirectional and broken characters, or made very long.
  it('with long and odd names: loads or throws typed, lints odd names as warnings, each case bounded', () => {
    const odd = fc.constantFrom('a', 'B', '_', '\u200B', '\u202E', '\uD800', '\uDC00', ' ', '\u00AD', 'é', '\u0000');
    const name = fc.oneof(
      fc.string({ unit: odd, minLength: 1, maxLength: 12 }),
      fc.integer({ min: 300, max: 200_000 }).map((n) => 'n'.repeat(n)),
    );
    const text = JSON.stringify(example('soldier'));
    const names = ['scout', 'approach', 'killEnemy', 'armedwithgun'];
    fc.assert(
      fc.property(fc.array(name, { minLength: names.length, maxLength: names.length }), (fresh) => {
        const renamed = fresh.map((f, i) => `${f}${i}`);
        let changed = text;
        names.forEach((n, i) => (changed = changed.replaceAll(JSON.stringify(n), JSON.stringify(renamed[i]))));
        const started = Date.now();
        const heapBefore = process.memoryUsage().heapUsed;
        expect(typed(() => loadDomain(changed))).not.toMatch(/^untyped/);
        let findings: ReturnType<typeof lintDomain> | null = null;
        expect(typed(() => (findings = lintDomain(changed)))).not.toMatch(/^untyped/);
        // Every renamed name with an odd character is warned about, whenever the document lints at all.
        const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
        // eslint-disable-next-line no-control-regex -- the NUL character is one of the odd names under test
        const oddOnes = renamed.filter((f) => /[\u200B\u202E\u00AD\u0000]|^ /.test(f) || lone.test(f));
        if (findings !== null) {
          const warned = new Set((findings as ReturnType<typeof lintDomain>).filter((x) => x.code === 'ODD_NAME').map((x) => x.subject));
          for (const f of oddOnes) expect(warned.has(JSON.stringify(f))).toBe(true);
        }
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024);
      }),
      { numRuns: 100 },
    );
  });
});
