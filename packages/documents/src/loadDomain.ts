import { describeValue, DualplanError, ParallelConflictError, schemaFromData, type Schema } from '@dualplan/world-state';
import { RaceEffectError, type HtnDomain } from '@dualplan/htn';
import type { GoapDomain } from '@dualplan/goap';
import type { DomainDocument, DomainRegistry } from './DomainDocument.js';
import { DomainDocumentError, pointer, problem, type DocumentProblem } from './DomainDocumentError.js';
import { validateDocument } from './validateDocument.js';
import { jsonErrorOffset } from './jsonErrorOffset.js';
import { checkNames } from './checkNames.js';
import { documentToDefinitions, type DomainDefinitions } from './documentToDefinitions.js';
import { compileDefinitions } from './compileDefinitions.js';

/** A loaded domain document: the schema, the plain definitions and the compiled domains. */
export interface LoadedDomain<Ctx = any> {
  /** The document as loaded (deeply frozen). */
  readonly document: DomainDocument;
  readonly schema: Schema;
  /** Plain definitions, functions resolved: what `saveDomain` writes back. */
  readonly definitions: DomainDefinitions<Ctx>;
  /** The HTN domain, when the document has an `htn` part. */
  readonly htn: HtnDomain | null;
  /** The GOAP domain, when the document has a `goap` part. */
  readonly goap: GoapDomain<Ctx> | null;
}

/**
 * Load a domain document: parse (when given text), validate against the JSON
 * Schema, build the world-state schema, check every name (keys, values, tasks,
 * actions, registry functions), then compile the HTN and GOAP domains. Never
 * evaluates code: functions come from `registry` by name.
 * Throws {@link DomainDocumentError} listing every problem with its JSON pointer.
 * @example
 * const { htn, goap, schema } = loadDomain(readFileSync('troll.json', 'utf8'), { checks: { pathClear } });
 * new GoapPlanner(goap!).plan(createState(schema), ctx, { goal: 'attackEnemy' });
 */
export function loadDomain<Ctx = any>(json: string | unknown, registry: DomainRegistry<Ctx> = {}): LoadedDomain<Ctx> {
  const { document, schema } = checkDocument(json, registry);
  const definitions = documentToDefinitions(document, schema, registry);
  try {
    const { htn, goap } = compileDefinitions(definitions);
    return { document, schema, definitions, htn, goap };
  } catch (e) {
    if (e instanceof DualplanError) throw new DomainDocumentError([locate(document, e)]);
    throw e;
  }
}

/**
 * The checks of {@link loadDomain} short of compiling: parse, JSON Schema, world-state
 * schema and names (function names only when a registry is given). Returns the
 * frozen document and its schema, or throws {@link DomainDocumentError}.
 * @example
 * const { document, schema } = checkDocument(text, null); // the linter's entry: no functions needed
 */
export function checkDocument(json: string | unknown, registry: DomainRegistry | null): { document: DomainDocument; schema: Schema } {
  let doc: unknown = json;
  if (typeof json === 'string') doc = parseJson(json);
  const structure = validateDocument(doc);
  if (structure.length) throw new DomainDocumentError(structure);
  let document: DomainDocument;
  try {
    document = deepFreeze(structuredClone(doc) as DomainDocument);
  } catch (e) {
    // Only data clones: a function or symbol where the JSON Schema allows any value (an action's args) is named here.
    const found = notData(doc, '');
    if (found === null) throw e;
    const subject = found.path.split('/').pop() ?? '';
    throw new DomainDocumentError([problem(found.path, 'BAD_VALUE', subject, `${describeValue(found.value)} is not JSON data.`)]);
  }
  let schema: Schema;
  try {
    schema = schemaFromData(document.keys);
  } catch (e) {
    if (!(e instanceof DualplanError)) throw e;
    const at = document.keys.findIndex((k) => k.name === e.subject || ('values' in k && k.values.includes(e.subject)));
    throw new DomainDocumentError([problem(at < 0 ? '/keys' : pointer('/keys', at), e.code, e.subject, e.message)]);
  }
  const names = checkNames(document, schema, registry);
  if (names.length) throw new DomainDocumentError(names);
  return { document, schema };
}

/** A compiler error with the pointer of the definition it names (action, task or goal). */
function locate(doc: DomainDocument, e: DualplanError): DocumentProblem {
  const subject = e.subject;
  const action = doc.actions.findIndex((a) => a.name === subject || e.message.includes(`"${a.name}"`));
  const task = doc.htn?.tasks.findIndex((t) => t.name === subject) ?? -1;
  const goal = doc.goap?.goals.findIndex((g) => g.name === subject) ?? -1;
  // A key conflict names the key as its subject and the parallel task in `task` (a race's effect rule: in `race`).
  const parallel =
    doc.htn?.parallel?.findIndex(
      (p) => p.name === subject || (e instanceof ParallelConflictError && p.name === e.task) || (e instanceof RaceEffectError && p.name === e.race),
    ) ?? -1;
  const path =
    parallel >= 0
      ? pointer('/htn/parallel', parallel)
      : task >= 0
        ? pointer('/htn/tasks', task)
        : goal >= 0
          ? pointer('/goap/goals', goal)
          : action >= 0
            ? pointer('/actions', action)
            : '';
  return problem(path, e.code, subject, e.message);
}

/** The first value inside `value` that is not data (a function or a symbol), with its JSON pointer; null when there is none. */
function notData(value: unknown, path: string): { path: string; value: unknown } | null {
  if (typeof value === 'function' || typeof value === 'symbol') return { path, value };
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = notData(v, pointer(path, k));
    if (found !== null) return found;
  }
  return null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Parse a document's text. A UTF-8 byte order mark (editors on Windows write one)
 * is skipped; a syntax error is reported with its line and column.
 */
function parseJson(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // Engines differ in whether and how they say where: the offset is found here, the engine's words kept as the reason.
    const reason = message
      .replace(/ in JSON at position \d+( \(line \d+ column \d+\))?/, '')
      .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
      .replace(/\.$/, '');
    const offset = jsonErrorOffset(body);
    if (offset < 0) throw new DomainDocumentError([problem('', 'BAD_JSON', '', `not JSON: ${reason}.`)]);
    const before = body.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    throw new DomainDocumentError([problem('', 'BAD_JSON', `${line}:${column}`, `not JSON at line ${line}, column ${column}: ${reason}.`)]);
  }
}
