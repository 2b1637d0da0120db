import { describe, expect, it } from '@jest/globals';
import { exampleText, loadProblems, trollRegistry } from './testDocuments.js';
import { lintDomain } from './lintDomain.js';

const soldier = exampleText('soldier');

describe('hostile and careless domain files', () => {
  it('a UTF-8 byte order mark is accepted', () => {
    expect(loadProblems(`\uFEFF${soldier}`)).toEqual([]);
    expect(lintDomain(`\uFEFF${soldier}`)).toEqual(lintDomain(soldier));
  });

  it('invalid JSON is reported with its line and column', () => {
    const broken = soldier.replace('"default": false\n    },', '"default": false\n    },,');
    const [line] = loadProblems(broken);
    const at = broken.indexOf(',,') + 1;
    const lineNo = broken.slice(0, at).split('\n').length;
    const column = at - broken.slice(0, at).lastIndexOf('\n');
    expect(line).toMatch(new RegExp(`^BAD_JSON  ${lineNo}:${column}: /: not JSON at line ${lineNo}, column ${column}: Unexpected token ','\\.$`));
    expect(loadProblems('{\n  "keys": [\n')).toEqual(['BAD_JSON  3:1: /: not JSON at line 3, column 1: Unexpected end of JSON input.']);
  });

  it('a key named "__proto__" is rejected at load and lint with a pointer to it', () => {
    const text = soldier.replaceAll('"armedwithgun"', '"__proto__"');
    expect(loadProblems(text)).toEqual([expect.stringMatching(/^BAD_KEY_NAME \/keys\/0 __proto__: /)]);
    expect(() => lintDomain(text)).toThrow(/keys\/0.*"__proto__" cannot name a key/);
  });

  it('registry references resolve only to the registry’s own functions, never inherited ones', () => {
    const withOpaque = (name: string) => {
      const doc = JSON.parse(exampleText('soldier'));
      doc.actions[0].conditions.push({ opaque: name });
      doc.actions[1].cost = { fn: 'toString' };
      return doc;
    };
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const problems = loadProblems(withOpaque(name), { ...trollRegistry, costs: {} });
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^UNKNOWN_FUNCTION /actions/0/conditions/1/opaque ${name}: `)),
          expect.stringMatching(/^UNKNOWN_FUNCTION \/actions\/1\/cost\/fn toString: /),
        ]),
      );
    }
  });

  it('a reversed comparison suggests the comparison it reverses', () => {
    expect(loadProblems(soldier.replace('"op": "=="', '"op": "=<"'))).toEqual([expect.stringMatching(/"=<" is not one of .* Did you mean "<="\?$/)]);
  });

  it('a misspelt enum default names the value, not an internal number', () => {
    const doc = JSON.parse(soldier);
    doc.keys.push({ name: 'mood', kind: 'enum', values: ['calm', 'angry', 'sad'], default: 'angy' });
    const [line] = loadProblems(doc);
    expect(line).toMatch(/^DEFAULT_OUT_OF_RANGE \/keys\/8 mood: .*default "angy" is not one of its values \(calm, angry, sad\)\. Did you mean "angry"\?/);
    expect(line).not.toMatch(/-1/);
  });

  it('an 8 MB unknown name is reported quickly, without a suggestion', () => {
    const huge = 'x'.repeat(8 * 1024 * 1024);
    const doc = JSON.parse(soldier);
    doc.actions[0].conditions[0].key = huge;
    const started = Date.now();
    const problems = loadProblems(doc);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^UNKNOWN_KEY /);
    expect(problems[0]).not.toMatch(/Did you mean/);
    // The full edit-distance matrix took 20 s and 1.9 GB; generous for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('names with invisible, bidirectional or broken characters get a linter warning', () => {
    const cases: Array<[string, RegExp]> = [
      ['sc\u200Bout', /invisible character/],
      ['sc\u202Eout', /bidirectional control/],
      ['sc\uD800out', /lone surrogate/],
      [' scout', /white space/],
    ];
    for (const [name, why] of cases) {
      const doc = JSON.parse(soldier.replaceAll('"scout"', JSON.stringify(name)));
      const odd = lintDomain(doc).filter((f) => f.code === 'ODD_NAME');
      expect(odd).toEqual([expect.objectContaining({ severity: 'warning', path: '/actions/0/name', subject: JSON.stringify(name) })]);
      expect(odd[0].message).toMatch(why);
    }
    expect(lintDomain(soldier).filter((f) => f.code === 'ODD_NAME')).toEqual([]);
  });
});
