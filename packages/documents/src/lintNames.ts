import { pointer } from './DomainDocumentError.js';
import type { LintContext } from './LintContext.js';

// Characters that make two names look alike or render in another order than they are stored.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
// eslint-disable-next-line no-control-regex -- finding control characters in names is this rule's purpose
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a name is odd to read or compare, or `null` when it is plain. */
export function oddName(name: string): string | null {
  if (LONE_SURROGATE.test(name)) return 'has a lone surrogate (not valid Unicode text: it cannot be written as UTF-8)';
  if (INVISIBLE.test(name)) return 'has an invisible character (zero-width space, joiner or soft hyphen): it looks like another name';
  if (BIDI.test(name)) return 'has a bidirectional control character: it displays in another order than it is stored';
  if (CONTROL.test(name)) return 'has a control character';
  if (name.trim() !== name) return 'starts or ends with white space';
  return null;
}

/**
 * Warn about every name in the document (keys, enum values, actions, tasks,
 * methods, goals, slots) that two readers could see differently: invisible and
 * bidirectional characters, control characters, lone surrogates, outer spaces.
 */
export function lintNames({ doc, report }: LintContext): void {
  const visit = (value: unknown, path: string, field: string): void => {
    if (typeof value === 'string') {
      if (field !== 'name' && field !== 'values') return;
      const why = oddName(value);
      if (why !== null) report('ODD_NAME', 'warning', JSON.stringify(value), path, `the name ${why}.`);
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, pointer(path, i), field === 'values' ? 'values' : ''));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, pointer(path, k), k);
  };
  visit(doc, '', '');
}
