// The docs snippet rules (snippets.cjs): extraction, continuation chains,
// program assembly and output comparison.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import lib from './snippets.cjs';

const { docFiles, extractSnippets, linkSnippets, programSource, splitOutput, compareOutput, PART_MARK } = lib;
const fence = '```';
const md = (...lines: string[]) => lines.join('\n');

describe('extractSnippets', () => {
  test('finds ts and js blocks with their line, and ignores other languages', () => {
    const s = extractSnippets(
      md(
        '# T',
        '',
        `${fence}ts`,
        'const a = 1;',
        fence,
        '',
        `${fence}sh`,
        'npm test',
        fence,
        `${fence}js`,
        'console.log(2);',
        fence,
        `${fence}typescript`,
        'let b;',
        fence,
      ),
      'a.md',
    );
    expect(s.map((x: any) => [x.line, x.language, x.code])).toEqual([
      [3, 'ts', 'const a = 1;'],
      [10, 'js', 'console.log(2);'],
      [13, 'ts', 'let b;'],
    ]);
    expect(s[0]).toMatchObject({ name: 'a.md:3', after: null, skip: null, typecheckOnly: null, expected: null });
  });

  test('takes the next `text output` block, across prose, as the expected output', () => {
    const [s] = extractSnippets(md(`${fence}ts`, 'console.log(1);', fence, 'It prints:', '', `${fence}text output`, '1', fence), 'a.md');
    expect(s.expected).toBe('1');
    expect(s.expectedLine).toBe(6);
  });

  test('a `text output` block with no code block before it, or after another block, is an error', () => {
    expect(() => extractSnippets(md(`${fence}text output`, '1', fence), 'a.md')).toThrow('a.md:1: a `text output` block must follow a ts or js block');
    expect(() => extractSnippets(md(`${fence}ts`, 'x', fence, `${fence}sh`, 'y', fence, `${fence}text output`, '1', fence), 'a.md')).toThrow('a.md:7');
    expect(() => extractSnippets(md(`${fence}ts`, 'x', fence, `${fence}text output`, '1', fence, `${fence}text output`, '2', fence), 'a.md')).toThrow('a.md:7');
  });

  test('no setup is hidden from the reader: a comment with code, or the old fragment directive, is an error', () => {
    const hidden = md('<!-- snippet: id=agent', "import { x } from 'y';", '-->', `${fence}ts`, 'x.run();', fence);
    expect(() => extractSnippets(hidden, 'a.md')).toThrow('a.md:1: hidden setup in a snippet comment: a reader copies the block as shown');
    expect(() => extractSnippets(md('<!-- snippet: fragment -->', `${fence}ts`, 'x;', fence), 'a.md')).toThrow('show its imports and setup in the block');
  });

  test('one-line comments carry directives with values that contain spaces', () => {
    const [s, t] = extractSnippets(
      md(
        '<!-- snippet: typecheck-only=needs a browser, and a page -->',
        `${fence}ts`,
        'a',
        fence,
        '<!-- snippet: skip=shows a syntax error -->',
        `${fence}js`,
        'b',
        fence,
      ),
      'a.md',
    );
    expect(s.typecheckOnly).toBe('needs a browser, and a page');
    expect(t.skip).toBe('shows a syntax error');
  });

  test('indented fences (in a list) lose their indent', () => {
    const [s] = extractSnippets(md('1. Do this:', '', '   ```ts', '   const a = 1;', '     a;', '   ```'), 'a.md');
    expect(s.code).toBe('const a = 1;\n  a;');
  });

  test('fences inside a block do not start blocks, and longer fences close only on their length', () => {
    const s = extractSnippets(md('````md', `${fence}ts`, 'not a program', fence, '````', `${fence}ts`, 'real', fence), 'a.md');
    expect(s.map((x: any) => x.code)).toEqual(['real']);
  });

  test.each([
    ['an unknown directive, with the known ones', md('<!-- snippet: fragmnet -->', `${fence}ts`, 'a', fence), 'a.md:1: unknown snippet directive "fragmnet"'],
    ['a directive given twice', md('<!-- snippet: id=a; id=b -->', `${fence}ts`, 'a', fence), 'given twice'],
    ['a directive without its value', md('<!-- snippet: after -->', `${fence}ts`, 'a', fence), 'needs a value'],
    ['hidden setup', md('<!-- snippet: id=a', 'let x;', '-->', `${fence}ts`, 'a', fence), 'hidden setup in a snippet comment'],
    ['a comment before prose', md('<!-- snippet: id=a -->', 'text', `${fence}ts`, 'a', fence), 'not followed directly by a code block'],
    ['a comment before a shell block', md('<!-- snippet: id=a -->', `${fence}sh`, 'a', fence), 'before a `sh` block'],
    ['a comment at the end', md(`${fence}ts`, 'a', fence, '<!-- snippet: id=a -->'), 'not followed by a code block'],
    ['an unclosed comment', md('<!-- snippet: id=a', 'let x;'), 'unclosed snippet comment'],
    ['an unclosed fence', md(`${fence}ts`, 'a'), 'a.md:1: unclosed code fence'],
    ['a skipped block with other directives', md('<!-- snippet: skip=why; after=x -->', `${fence}ts`, 'a', fence), 'takes no other directive'],
  ])('rejects %s', (_what, text, message) => {
    expect(() => extractSnippets(text, 'a.md')).toThrow(message);
  });
});

describe('linkSnippets and programSource', () => {
  const doc = md(
    '<!-- snippet: id=first -->',
    `${fence}ts`,
    "import { a } from 'a';",
    'console.log(a);',
    fence,
    `${fence}text output`,
    '1',
    fence,
    '<!-- snippet: id=second; after=first -->',
    `${fence}ts`,
    'console.log(a + 1);',
    fence,
    '<!-- snippet: after=second -->',
    `${fence}ts`,
    'console.log(a + 2);',
    fence,
  );

  test('chains continued blocks, earliest first; only blocks nobody continues are leaves', () => {
    const s = linkSnippets(extractSnippets(doc, 'a.md'));
    expect(s[2].chain.map((x: any) => x.id ?? x.line)).toEqual(['first', 'second', 14]);
    expect(s.map((x: any) => x.leaf)).toEqual([false, false, true]);
  });

  test('a block continues only an earlier block of its own page (a reader has that one open)', () => {
    expect(() =>
      linkSnippets([...extractSnippets(doc, 'a.md'), ...extractSnippets(md('<!-- snippet: after=first -->', `${fence}ts`, 'x', fence), 'b.md')]),
    ).toThrow('b.md:2: after=first: a block continues an earlier block of the same page (first is at a.md:2)');
  });

  test('a program is its chain, a part mark between parts, and a module', () => {
    const s = linkSnippets(
      extractSnippets(
        md(
          '<!-- snippet: id=a -->',
          `${fence}ts`,
          'const v = 1;',
          'const w = v;',
          'console.log(w);',
          fence,
          '<!-- snippet: after=a -->',
          `${fence}ts`,
          'w;',
          fence,
        ),
        'a.md',
      ),
    );
    expect(programSource(s[1])).toBe(`const v = 1;\nconst w = v;\nconsole.log(w);\nconsole.log(${JSON.stringify(PART_MARK)});\nw;\nexport {};\n`);
  });

  test.each([
    [
      'an unknown id, with a suggestion',
      md('<!-- snippet: id=soldier -->', `${fence}ts`, 'a', fence, '<!-- snippet: after=soldeir -->', `${fence}ts`, 'b', fence),
      'after=soldeir: no snippet has id=soldeir (did you mean soldier?)',
    ],
    [
      'a duplicate id',
      md('<!-- snippet: id=x -->', `${fence}ts`, 'a', fence, '<!-- snippet: id=x -->', `${fence}ts`, 'b', fence),
      'snippet id "x" is also used at a.md:2',
    ],
    [
      'a block continuing a later one',
      md('<!-- snippet: id=x; after=y -->', `${fence}ts`, 'a', fence, '<!-- snippet: id=y -->', `${fence}ts`, 'b', fence),
      'after=y: a block continues an earlier block of the same page (y is at a.md:6)',
    ],
    [
      'a js block continuing a ts block',
      md('<!-- snippet: id=x -->', `${fence}ts`, 'a', fence, '<!-- snippet: after=x -->', `${fence}js`, 'b', fence),
      'a js block cannot continue a ts block',
    ],
    [
      'continuing a skipped block',
      md('<!-- snippet: skip=no; id=x -->', `${fence}ts`, 'a', fence, '<!-- snippet: after=x -->', `${fence}ts`, 'b', fence),
      'after=x: that snippet is skipped',
    ],
  ])('rejects %s', (_what, text, message) => {
    expect(() => linkSnippets(extractSnippets(text, 'a.md'))).toThrow(message);
  });
});

describe('splitOutput', () => {
  test('splits a chain program’s output at the part marks', () => {
    expect(splitOutput(`a\nb\n${PART_MARK}\n${PART_MARK}\nc\n`, 3)).toEqual(['a\nb', '', 'c\n']);
  });

  test('fails when a part never printed its mark (the program stopped early)', () => {
    expect(() => splitOutput('a\n', 2)).toThrow('expected 2 output parts, got 1');
  });
});

// The docs themselves: their markup parses (running them needs the packed packages: npm run check:docs).
describe('the docs', () => {
  const root = join(__dirname, '../..');
  const files = docFiles(root);
  const snippets = linkSnippets(files.flatMap((file: string) => extractSnippets(readFileSync(join(root, file), 'utf8'), file)));

  test('are the README, docs/*.md and every package README', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/htn.md', 'docs/goap.md', 'packages/runner/README.md']));
  });

  test('mark their blocks correctly, and skip almost none', () => {
    expect(snippets.length).toBeGreaterThan(40);
    expect(snippets.filter((s: any) => s.skip).length).toBeLessThanOrEqual(3);
    expect(snippets.filter((s: any) => s.expected !== null).length).toBeGreaterThan(10);
  });
});

describe('compareOutput', () => {
  test('matches equal output, ignoring trailing spaces and blank lines at either end', () => {
    expect(compareOutput('\na  \nb\n\n', 'a\nb')).toBeNull();
  });

  test('names the first line that differs, with both texts', () => {
    const diff = compareOutput('a\nB\nc', 'a\nb\nc');
    expect(diff).toContain('output line 2: expected "b", got "B"');
    expect(diff).toContain('--- expected\na\nb\nc\n--- got\na\nB\nc');
  });

  test('reports missing and extra lines', () => {
    expect(compareOutput('a', 'a\nb')).toContain('output line 2: expected "b", got (end of output)');
    expect(compareOutput('a\nb', 'a')).toContain('output line 2: expected (end of output), got "b"');
  });

  test('a `...` line matches any number of lines, none included', () => {
    expect(compareOutput('a\nx\ny\nb', 'a\n...\nb')).toBeNull();
    expect(compareOutput('a\nb', 'a\n...\nb')).toBeNull();
    expect(compareOutput('a\nx\nc', 'a\n...\nb')).not.toBeNull();
    expect(compareOutput('a\nb\nx\nb\nc', '...\nb\nc')).toBeNull();
  });

  test('does not treat inner spacing or case as equal', () => {
    expect(compareOutput('a  b', 'a b')).not.toBeNull();
    expect(compareOutput('A', 'a')).not.toBeNull();
  });
});
