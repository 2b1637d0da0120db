// The house rules of scripts/lint/ownFields.mjs, run through the repository's own ESLint configuration.
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const findings = (path: string, code: string): { rule: string; message: string }[] =>
  execFileSync(process.execPath, [join(__dirname, 'lintSnippet.mjs'), path], { input: code, encoding: 'utf8', timeout: 120_000 })
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

// A file of world-state's program, whose text the test replaces (its package is under the rules).
const AT = 'packages/world-state/src/plan/ParallelSection.ts';

describe('one owner per piece of state', () => {
  test('a class field written from another module is reported, naming the field, the class and its file', () => {
    const code = [
      "import { UndoJournal } from '../schema/UndoJournal.js';",
      'export function poke(j: UndoJournal): void {',
      '  j.capacity = 3;',
      '  j.capacity += 1;',
      '  j.capacity++;',
      '}',
      'export class Own {',
      '  n = 0;',
      '  bump(): void {',
      '    this.n++;',
      '  }',
      '}',
      'export function read(j: UndoJournal): number {',
      '  return j.capacity;',
      '}',
    ].join('\n');
    const found = findings(AT, code);
    expect(found.map((f) => f.rule)).toEqual(Array(3).fill('dualplan/no-foreign-field-writes'));
    expect(found[0].message).toBe(
      'Field "capacity" of class UndoJournal is written here, but UndoJournal is declared in packages/world-state/src/schema/UndoJournal.ts: ask it through a method instead (one owner per piece of state).',
    );
  }, 150_000);

  test('a public field marked @internal is reported; private, # and readonly ones are not', () => {
    const code = [
      'export class Holder {',
      '  /** @internal */',
      '  trigger: string | null = null;',
      '  /** @internal */',
      '  private owned = 0;',
      '  /** @internal */',
      '  readonly shared: number[] = [];',
      '  /** @internal */',
      '  #hidden = 1;',
      '  peek(): number {',
      '    return this.owned + this.#hidden;',
      '  }',
      '}',
    ].join('\n');
    expect(findings(AT, code)).toEqual([
      {
        rule: 'dualplan/no-internal-public-fields',
        message: 'Field "trigger" is marked @internal but is public: make it private and give the owner a method.',
      },
    ]);
  }, 150_000);
});
