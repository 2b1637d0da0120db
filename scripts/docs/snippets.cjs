// The docs' code blocks as programs: extraction from Markdown, the program each
// block becomes, and the comparison of its output with the output the docs show.
// Plain functions with no I/O, so the rules are unit-tested (snippets.test.ts);
// checkSnippets.mjs does the packing, type-checking and running.
//
// The rules a docs author follows (CONTRIBUTING.md, "Docs that run", spells them out):
// - every ```ts / ```js block is a program, type-checked and run as written: a
//   reader who pastes it into a file can run it, so nothing is hidden (no setup
//   in comments); a block that needs the one before it says so with after=;
// - the next fenced block after it, when its info string is `text output`, is
//   the output it must print (a `...` line there matches any number of lines);
// - an HTML comment right before the block, `<!-- snippet: a; b=c -->`, says
//   more. Directives, separated by `;`:
//     id=NAME            name the block, so later blocks can continue it;
//     after=NAME         the block continues NAME's program, an earlier block of
//                        the same page (as a reader runs one block after the
//                        other); its own output is compared;
//     typecheck-only=WHY type-checked, not run (needs a browser, a server...);
//     skip=WHY           not checked at all (keep this rare).
'use strict';
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

const LANGUAGES = new Map([
  ['ts', 'ts'],
  ['typescript', 'ts'],
  ['js', 'js'],
  ['javascript', 'js'],
]);
const OUTPUT_INFO = 'text output';
const DIRECTIVES = new Set(['id', 'after', 'typecheck-only', 'skip']);
/** Printed between the parts of a continued program, so each block's own output can be told apart. */
const PART_MARK = '<<dualplan-snippet-part>>';

const HIDDEN =
  'hidden setup in a snippet comment: a reader copies the block as shown, so show its imports and setup in the block, or continue an earlier block of this page with after=NAME';

/** A problem with the docs' markup, naming the file and line. */
class SnippetError extends Error {
  constructor(file, line, message) {
    super(`${file}:${line}: ${message}`);
    this.name = 'SnippetError';
    this.file = file;
    this.line = line;
  }
}

/** Parses `a; b=c` into `{ a: true, b: 'c' }`, rejecting unknown directives. */
function parseDirectives(text, file, line) {
  const out = {};
  for (const item of text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim();
    const value = eq < 0 ? true : item.slice(eq + 1).trim();
    if (key === 'fragment') throw new SnippetError(file, line, HIDDEN);
    if (!DIRECTIVES.has(key)) throw new SnippetError(file, line, `unknown snippet directive "${key}" (known: ${[...DIRECTIVES].join(', ')})`);
    if (key in out) throw new SnippetError(file, line, `snippet directive "${key}" given twice`);
    if ((key === 'id' || key === 'after' || key === 'typecheck-only' || key === 'skip') && (value === true || value === '')) {
      throw new SnippetError(file, line, `snippet directive "${key}" needs a value (${key}=...)`);
    }
    out[key] = value;
  }
  return out;
}

/**
 * Every ts/js block of one Markdown file, with its directives and expected
 * output (a snippet comment with lines of code, hidden setup, is an error). Lines are 1-based; `line` is the opening fence's.
 * @param {string} markdown
 * @param {string} file the name used in errors and snippet names
 */
function extractSnippets(markdown, file) {
  const lines = markdown.split(/\r?\n/);
  const snippets = [];
  let pending = null; // the snippet comment waiting for its block
  let last = null; // the last code block, which the next `text output` fence belongs to
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const comment = /^\s*<!--\s*snippet\b:?(.*)$/.exec(text);
    if (comment) {
      if (pending) throw new SnippetError(file, pending.line, 'snippet comment not followed by a code block');
      const start = i;
      let head = comment[1];
      const body = [];
      const closesHead = head.indexOf('-->');
      if (closesHead >= 0) {
        if (head.slice(closesHead + 3).trim()) throw new SnippetError(file, i + 1, 'text after a snippet comment on the same line');
        head = head.slice(0, closesHead);
      } else {
        for (i++; i < lines.length && !lines[i].includes('-->'); i++) body.push(lines[i]);
        if (i >= lines.length) throw new SnippetError(file, start + 1, 'unclosed snippet comment');
        const tail = lines[i].slice(0, lines[i].indexOf('-->'));
        if (tail.trim()) body.push(tail);
      }
      pending = { line: start + 1, directives: parseDirectives(head, file, start + 1), hidden: body };
      continue;
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(text);
    if (!fence) {
      if (pending && text.trim()) throw new SnippetError(file, pending.line, 'snippet comment not followed directly by a code block');
      continue;
    }
    const [, indent, marker, infoRaw] = fence;
    const info = infoRaw.trim();
    const body = [];
    let j = i + 1;
    const closing = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    for (; j < lines.length && !closing.test(lines[j]); j++) body.push(indent ? lines[j].replace(new RegExp(`^ {0,${indent.length}}`), '') : lines[j]);
    if (j >= lines.length) throw new SnippetError(file, i + 1, 'unclosed code fence');
    const language = LANGUAGES.get(info.split(/\s+/)[0]);
    if (info === OUTPUT_INFO) {
      if (pending) throw new SnippetError(file, pending.line, 'a snippet comment before an output block');
      if (!last || last.expected !== null) throw new SnippetError(file, i + 1, `a \`${OUTPUT_INFO}\` block must follow a ts or js block`);
      last.expected = body.join('\n');
      last.expectedLine = i + 1;
      last = null;
    } else if (language) {
      const directives = pending?.directives ?? {};
      const hidden = pending?.hidden ?? [];
      const snippet = {
        file,
        line: i + 1,
        name: directives.id ? `${file}#${directives.id}` : `${file}:${i + 1}`,
        language,
        code: body.join('\n'),
        id: directives.id ?? null,
        after: directives.after ?? null,
        typecheckOnly: directives['typecheck-only'] ?? null,
        skip: directives.skip ?? null,
        expected: null,
        expectedLine: null,
      };
      if (hidden.some((l) => l.trim())) throw new SnippetError(file, pending.line, HIDDEN);
      if (snippet.skip && (snippet.typecheckOnly || snippet.after)) {
        throw new SnippetError(file, pending.line, 'a skipped block takes no other directive');
      }
      snippets.push(snippet);
      last = snippet;
    } else {
      if (pending) throw new SnippetError(file, pending.line, `a snippet comment before a \`${info || 'plain'}\` block (only ts and js blocks are programs)`);
      last = null;
    }
    pending = null;
    i = j;
  }
  if (pending) throw new SnippetError(file, pending.line, 'snippet comment not followed by a code block');
  return snippets;
}

/**
 * Resolves `after` chains across all files: each snippet gets `chain`, the
 * snippets its program is made of, the earliest first, itself last.
 * Throws on an unknown or duplicate id, a cycle, mixed languages or a skipped link.
 */
function linkSnippets(snippets) {
  const byId = new Map();
  for (const s of snippets) {
    if (!s.id) continue;
    if (byId.has(s.id)) throw new SnippetError(s.file, s.line, `snippet id "${s.id}" is also used at ${byId.get(s.id).file}:${byId.get(s.id).line}`);
    byId.set(s.id, s);
  }
  const chainOf = (s, seen) => {
    if (s.chain) return s.chain;
    if (seen.has(s)) throw new SnippetError(s.file, s.line, `snippet "${s.id ?? s.name}" continues itself`);
    seen.add(s);
    let chain = [s];
    if (s.after) {
      const prev = byId.get(s.after);
      if (!prev) throw new SnippetError(s.file, s.line, `after=${s.after}: no snippet has id=${s.after}${suggest(s.after, [...byId.keys()])}`);
      if (prev.skip) throw new SnippetError(s.file, s.line, `after=${s.after}: that snippet is skipped`);
      if (prev.file !== s.file || prev.line > s.line) {
        throw new SnippetError(
          s.file,
          s.line,
          `after=${s.after}: a block continues an earlier block of the same page (${s.after} is at ${prev.file}:${prev.line})`,
        );
      }
      if (prev.language !== s.language)
        throw new SnippetError(s.file, s.line, `after=${s.after}: a ${s.language} block cannot continue a ${prev.language} block`);
      chain = [...chainOf(prev, seen), s];
    }
    s.chain = chain;
    return chain;
  };
  for (const s of snippets) chainOf(s, new Set());
  // A snippet that another continues is checked inside that one's program.
  const continued = new Set(snippets.filter((s) => s.after).map((s) => s.after));
  for (const s of snippets) s.leaf = !(s.id && continued.has(s.id));
  return snippets;
}

/** The closest known name, as " (did you mean x?)", or ''. */
function suggest(name, known) {
  let best = null;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const k of known) {
    const d = editDistance(name, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best ? ` (did you mean ${best}?)` : '';
}

function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/**
 * The source of a linked snippet's program: each part of its chain, a line
 * printing PART_MARK between parts, and `export {}` so
 * every program is a module of its own.
 */
function programSource(snippet) {
  const parts = snippet.chain.map((s) => s.code);
  return `${parts.join(`\nconsole.log(${JSON.stringify(PART_MARK)});\n`)}\nexport {};\n`;
}

/** Splits a program's stdout into the outputs of its chain's parts. */
function splitOutput(stdout, parts) {
  const chunks = [[]];
  for (const line of stdout.replace(/\r\n/g, '\n').split('\n')) {
    if (line === PART_MARK) chunks.push([]);
    else chunks[chunks.length - 1].push(line);
  }
  if (chunks.length !== parts) throw new Error(`expected ${parts} output parts, got ${chunks.length} (did the program exit early?)`);
  return chunks.map((c) => c.join('\n'));
}

/** Lines without trailing spaces, and without blank lines at either end. */
function normalise(text) {
  const lines = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Compares what a program printed with the output the docs show. A line `...`
 * in the expected output matches any number of lines (timings, paths).
 * @returns {null | string} null when they match, else where they first differ
 */
function compareOutput(actual, expected) {
  const got = normalise(actual);
  const want = normalise(expected);
  // match(i, j): want[i..] matches got[j..]; memoised over the (few) wildcard positions.
  const memo = new Map();
  const match = (i, j) => {
    const key = i * (got.length + 1) + j;
    if (memo.has(key)) return memo.get(key);
    let result;
    if (i === want.length) result = j === got.length;
    else if (want[i] === '...') result = match(i + 1, j) || (j < got.length && match(i, j + 1));
    else result = j < got.length && want[i] === got[j] && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  if (match(0, 0)) return null;
  // Report the first line that differs, ignoring wildcards' reach: good enough to find the mistake.
  let i = 0;
  while (i < want.length && i < got.length && (want[i] === got[i] || want[i] === '...')) i++;
  const show = (lines, at) => (at < lines.length ? JSON.stringify(lines[at]) : '(end of output)');
  return `output line ${i + 1}: expected ${show(want, i)}, got ${show(got, i)}\n--- expected\n${want.join('\n')}\n--- got\n${got.join('\n')}`;
}

/** The Markdown files whose blocks must run, relative to the repository root. */
function docFiles(root) {
  const inDir = (dir, match) =>
    readdirSync(join(root, dir))
      .filter(match)
      .sort()
      .map((f) => `${dir}/${f}`);
  return [
    'README.md',
    ...inDir('docs', (f) => f.endsWith('.md')),
    ...readdirSync(join(root, 'packages'))
      .sort()
      .flatMap((p) => inDir(`packages/${p}`, (f) => f === 'README.md')),
  ];
}

module.exports = { docFiles, extractSnippets, linkSnippets, programSource, splitOutput, compareOutput, SnippetError, PART_MARK, OUTPUT_INFO };
