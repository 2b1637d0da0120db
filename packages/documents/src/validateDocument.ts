import type { ErrorObject } from 'ajv';
import { didYouMean, showValue } from '@dualplan/world-state';
import { problem, pointer, type DocumentProblem } from './DomainDocumentError.js';
// The schema check, compiled ahead of time from `domainJsonSchema` by ajv (scripts/writeValidators.mjs): nothing is
// compiled at run time, so pages need no 'unsafe-eval' and the first check costs no compile.
import { schemaCheck as check } from './generated/domainSchemaValidator.js';

/**
 * Check a parsed document against the JSON Schema (structure only: fields, types,
 * required parts). Returns the problems, each naming its JSON pointer; an empty
 * list means the structure is valid. Names are checked later by the loader.
 * @example
 * validateDocument({ keys: [], actions: [{ name: 'a', efects: [] }] });
 * // [{ path: '/actions/0/efects', code: 'UNKNOWN_FIELD', message: '... Did you mean "effects"?' }]
 */
export function validateDocument(doc: unknown): DocumentProblem[] {
  if (check(doc)) return [];
  return readable(check.errors ?? []);
}

function readable(errors: readonly ErrorObject[]): DocumentProblem[] {
  // A oneOf over alternatives reports every branch's failure; keep one message per path that says what was expected.
  const alternatives = new Set(errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath));
  const out: DocumentProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if') continue; // its `then`/`else` branch error says what is wrong
    const underAlternative = [...alternatives].some((p) => e.instancePath === p || e.instancePath.startsWith(p + '/'));
    if (underAlternative && e.keyword !== 'oneOf' && e.keyword !== 'anyOf') continue;
    const p = toProblem(e);
    const id = `${p.path}|${p.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(p);
  }
  return out;
}

/** A value as JSON, in full; what JSON cannot show (a bigint, a throwing toJSON, a function) as {@link showValue} shows it. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? showValue(value);
  } catch {
    return showValue(value);
  }
}

function toProblem(e: ErrorObject): DocumentProblem {
  const path = e.instancePath;
  const last = path.split('/').pop() ?? '';
  const subject = decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
  switch (e.keyword) {
    case 'additionalProperties': {
      const field = (e.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return problem(pointer(path, field), 'UNKNOWN_FIELD', field, `unknown field "${field}".${didYouMean(field, allowed)} Allowed: ${allowed.join(', ')}.`);
    }
    case 'required': {
      const field = (e.params as { missingProperty: string }).missingProperty;
      return problem(pointer(path, field), 'MISSING_FIELD', field, `the required field "${field}" is missing.`);
    }
    case 'oneOf':
    case 'anyOf': {
      const expected = (e.parentSchema as { description?: string } | undefined)?.description;
      return problem(path, 'BAD_VALUE', subject, `${json(e.data)} is not ${expected ?? 'a valid value here'}.`);
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
      const hint = typeof e.data === 'string' ? didYouMean(e.data, allowed.map(String)) : '';
      return problem(path, 'BAD_VALUE', subject, `${json(e.data)} is not one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}.${hint}`);
    }
    default:
      return problem(path, 'SCHEMA', subject, `${json(e.data)} ${e.message ?? 'is invalid'}.`);
  }
}
