import { HddlError } from './HddlError.js';
import type { HddlDecomposition, HddlMethodLine, HddlPrimitiveLine } from './HddlDecomposition.js';

/**
 * Read a plan in the IPC hierarchical-track format (what {@link writeIpcPlan} and the IPC planners print). Text
 * before `==>` and after `<==` is ignored, as are blank lines and `;` comments; names are lower-cased and a
 * primitive may be written in parentheses. Errors are {@link HddlError}s with code `PLAN_SYNTAX` (or
 * `DUPLICATE_ID`) naming the plan line.
 * @example
 * parseIpcPlan('==>\n0 noop\nroot 1\n1 idle -> m_idle 0\n<==').methods[0].method; // 'm_idle'
 */
export function parseIpcPlan(text: string, file = 'plan'): HddlDecomposition {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.trim() === '==>');
  if (start < 0) throw new HddlError('PLAN_SYNTAX', '==>', 'the plan has no "==>" line (the start of an IPC plan).', null, file);
  const primitives: HddlPrimitiveLine[] = [];
  const methods: HddlMethodLine[] = [];
  let root: number[] | null = null;
  let rootLine = 0;
  const ids = new Map<number, number>();
  const fail = (code: string, subject: string, message: string, line: number): never => {
    throw new HddlError(code, subject, message, { line, column: 1 }, file);
  };
  const idOf = (word: string, line: number): number => {
    if (!/^\d+$/.test(word)) fail('PLAN_SYNTAX', word, `expected a task id (a number) but found "${word}".`, line);
    return Number(word);
  };
  let ended = false;
  for (let i = start + 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i].replace(/;.*$/, '').trim();
    if (raw === '') continue;
    if (raw === '<==') {
      ended = true;
      break;
    }
    const words = raw.replace(/[()]/g, ' ').trim().toLowerCase().split(/\s+/);
    if (words[0] === 'root') {
      if (root !== null) fail('PLAN_SYNTAX', 'root', `a second "root" line (the first is line ${rootLine}).`, line);
      root = words.slice(1).map((w) => idOf(w, line));
      rootLine = line;
      continue;
    }
    const id = idOf(words[0], line);
    const before = ids.get(id);
    if (before !== undefined) fail('DUPLICATE_ID', String(id), `task id ${id} is used again (first on line ${before}).`, line);
    ids.set(id, line);
    const arrow = words.indexOf('->');
    if (words.length < 2 || arrow === 1) fail('PLAN_SYNTAX', String(id), `task ${id} has no name.`, line);
    if (arrow < 0) primitives.push({ id, name: words[1], args: words.slice(2), line });
    else {
      if (arrow === words.length - 1) fail('PLAN_SYNTAX', String(id), `task ${id} names no method after "->".`, line);
      methods.push({
        id,
        name: words[1],
        args: words.slice(2, arrow),
        method: words[arrow + 1],
        subtasks: words.slice(arrow + 2).map((w) => idOf(w, line)),
        line,
      });
    }
  }
  if (!ended) fail('PLAN_SYNTAX', '<==', 'the plan has no "<==" line (the end of an IPC plan).', lines.length);
  if (root === null) fail('PLAN_SYNTAX', 'root', 'the plan has no "root" line.', lines.length);
  return { primitives, root: root!, methods, rootLine };
}
