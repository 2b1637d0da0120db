import type { ErrorObject } from 'ajv';
import { showValue } from '@dualplan/world-state';
import { MonitorError } from './MonitorError.js';
import type { Recording, SearchTrace } from './Recording.js';
// The check of `recordingJsonSchema`, compiled ahead of time by ajv (scripts/writeValidators.mjs): nothing is
// compiled at run time, so the monitor page needs no 'unsafe-eval' and the first recording loads without a compile.
import { schemaCheck as validator } from './generated/recordingSchemaValidator.js';

function fail(subject: string, message: string): never {
  throw new MonitorError('BAD_RECORDING', subject, `Not a dualplan recording: ${message}`);
}

/** A value for a message: as code would write it, cut to a readable length (never throws). */
function shown(value: unknown): string {
  const text = showValue(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `/agents/0/runs/3/plan` as `agents[0].runs[3].plan`. */
function fieldPath(pointer: string): string {
  let out = '';
  for (const part of pointer.split('/').slice(1)) {
    const name = part.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(name) ? `[${name}]` : out === '' ? name : `.${name}`;
  }
  return out || '(root)';
}

function expected(e: ErrorObject): string {
  switch (e.keyword) {
    case 'type':
      return `expected ${String((e.params as { type: string | string[] }).type).replace(/,/g, ' or ')}`;
    case 'enum':
      return `expected one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map(shown).join(', ')}`;
    case 'const':
      return `expected ${shown((e.params as { allowedValue: unknown }).allowedValue)}`;
    default:
      return e.message ?? `fails "${e.keyword}"`;
  }
}

/** The value a JSON pointer names inside `data` (the checked recording). */
function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const part of pointer.split('/').slice(1)) value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return value;
}

/** The first schema violation in `data` as a typed error naming the field's path. */
function toError(data: unknown, e: ErrorObject): never {
  const at = fieldPath(e.instancePath);
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    fail(at, `${at} has no field "${missing}".`);
  }
  fail(at, `field ${at} is ${shown(valueAt(data, e.instancePath))}, ${expected(e)}.`);
}

/** What the schema cannot say of a search: nodes numbered in order, each parent before its child, references in range. */
function checkSearch(s: SearchTrace, where: string): void {
  s.nodes.forEach((n, i) => {
    const at = `${where}.nodes[${i}]`;
    if (n.id !== i) fail(`${at}.id`, `field ${at}.id is ${shown(n.id)}, expected ${i} (nodes are numbered in order).`);
    if (n.parent < -1 || n.parent >= i) fail(`${at}.parent`, `field ${at}.parent is ${shown(n.parent)}, expected -1 or an earlier node.`);
    if (n.from < -1 || n.from >= s.candidates.length) fail(`${at}.from`, `field ${at}.from is ${shown(n.from)}, expected -1 or a candidate's index.`);
  });
  s.candidates.forEach((c, i) => {
    if (c.node < 0 || c.node >= s.nodes.length)
      fail(`${where}.candidates[${i}].node`, `field ${where}.candidates[${i}].node is ${shown(c.node)}, expected a node's id.`);
  });
}

/**
 * Check a parsed recording (its `format` and `version` already checked) against
 * the JSON Schema and the rules of search traces, so that what loads can be
 * printed. Throws {@link MonitorError} `BAD_RECORDING` naming the first offending field.
 */
export function validateRecording(data: unknown): Recording {
  let valid: boolean;
  try {
    valid = validator(data) as boolean;
  } catch {
    // A getter or proxy that throws while the validator reads it: not plain data.
    fail('(root)', 'reading it threw: a recording is plain JSON data.');
  }
  if (!valid) toError(data, validator.errors![0]);
  const recording = data as Recording;
  recording.agents.forEach((a, i) => a.runs.forEach((r, j) => r.searches.forEach((s, k) => checkSearch(s, `agents[${i}].runs[${j}].searches[${k}]`))));
  return recording;
}
