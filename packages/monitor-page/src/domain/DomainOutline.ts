/** A linter finding shown on the node it is about. */
export interface DomainFinding {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly message: string;
}

/** One thing of a domain the domain view draws. Methods are named `Compound.method`, as in recordings. */
export interface OutlineItem {
  readonly name: string;
  readonly kind: 'action' | 'compound' | 'method' | 'goal' | 'slot';
  /** Readable conditions in checking order (`WsStamina > 0`, `check isTired`). */
  readonly conditions: readonly string[];
  /** Actions: readable effects (`WsStamina -= 1`). */
  readonly effects: readonly string[];
  /** Methods: subtask names in order. Compounds: their methods. */
  readonly subtasks: readonly string[];
  /** Further facts: cost, priority, validity test, method selection. */
  readonly facts: readonly string[];
  readonly findings: readonly DomainFinding[];
}

/** A domain as the domain view draws it: from a domain document or a recording's catalogue. */
export interface DomainOutline {
  readonly name: string;
  readonly items: readonly OutlineItem[];
  /** The HTN root task, or null. */
  readonly root: string | null;
  /** Findings about no drawn item (keys, the document as a whole). */
  readonly findings: readonly (DomainFinding & { readonly subject: string })[];
}

/**
 * A condition, effect or goal condition split into its key, operator and value
 * (`WsStamina > 0` → `['WsStamina', '>', '0']`), or null for a procedural one.
 * @example
 * splitTerm('WsLocation = Enemy'); // ['WsLocation', '=', 'Enemy']
 */
export function splitTerm(text: string): [key: string, op: string, value: string] | null {
  const m = /^([^\s=!<>+-]+)\s*(==|!=|<=|>=|<|>|\+=|-=|=| in )\s*(.*)$/.exec(text);
  return m ? [m[1], m[2].trim(), m[3]] : null;
}

/**
 * Whether an effect can make a condition true: the same key, and for an
 * equality the same value (a set effect), any value otherwise.
 * @example
 * enables('WsLocation = Enemy', 'WsLocation == Enemy'); // true
 */
export function enables(effect: string, condition: string): boolean {
  const e = splitTerm(effect);
  const c = splitTerm(condition);
  if (!e || !c || e[0] !== c[0]) return false;
  if (c[1] === '==' && e[1] === '=') return e[2] === c[2];
  if (c[1] === '!=' && e[1] === '=') return e[2] !== c[2];
  return true;
}
