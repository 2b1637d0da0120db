import type { DomainFinding, DomainOutline, OutlineItem } from './DomainOutline.js';

/** A lint finding as `@dualplan/documents`' `lintDomain` reports it (the page reads it from JSON). */
export interface DocumentFinding extends DomainFinding {
  readonly subject: string;
  /** JSON pointer into the document. */
  readonly path: string;
}

type Json = Record<string, unknown>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Json => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** `WsStamina > 0`, `WsStamina[2] == 1`, `check canSee` (a procedural condition by its registry name). */
function term(t: unknown, effect: boolean): string {
  const o = obj(t);
  if (typeof o.opaque === 'string') return `${effect ? 'apply' : 'check'} ${o.opaque}`;
  const key = `${str(o.key)}${typeof o.index === 'number' ? `[${o.index}]` : ''}`;
  const op = effect ? (({ set: '=', add: '+=', sub: '-=' } as Record<string, string>)[str(o.op)] ?? str(o.op)) : str(o.op);
  const value = Array.isArray(o.value) ? `[${o.value.map(str).join(', ')}]` : str(o.value);
  return `${key} ${op} ${value}`;
}

/** A subtask of a method by name: a task, a call with arguments, an optional one, an any-order group; pauses left out. */
function subtaskNames(s: unknown): string[] {
  if (typeof s === 'string') return [s];
  const o = obj(s);
  if (typeof o.task === 'string') return [o.task];
  if ('optional' in o) return subtaskNames(o.optional);
  if (Array.isArray(o.anyOrder)) return o.anyOrder.flatMap(subtaskNames);
  return [];
}

/** A cost, priority or utility: a number, or the registry function deciding it. */
const amount = (v: unknown): string => (typeof v === 'number' ? String(v) : typeof obj(v).fn === 'string' ? `by ${str(obj(v).fn)}` : '');

/**
 * The domain view's outline of a domain document (parsed JSON, as written):
 * its actions, compound tasks with their methods (`Compound.method`; a method
 * without a name is called by its index), slots and goals, with the linter's
 * findings on the items they point at (by JSON pointer) and the rest listed apart.
 * @example
 * outlineFromDocument(JSON.parse(readFileSync('troll.json', 'utf8')), lintDomain(text));
 */
export function outlineFromDocument(document: unknown, findings: readonly DocumentFinding[] = []): DomainOutline {
  const doc = obj(document);
  const htn = obj(doc.htn);
  const items: (OutlineItem & { findings: DomainFinding[] })[] = [];
  const byPath = new Map<string, OutlineItem & { findings: DomainFinding[] }>();
  const add = (path: string, item: Omit<OutlineItem, 'findings'>) => {
    const full = { ...item, findings: [] as DomainFinding[] };
    items.push(full);
    byPath.set(path, full);
  };
  list(doc.actions).forEach((a, i) => {
    const o = obj(a);
    const facts = [`cost ${amount(o.cost) || '1'}`];
    if (typeof o.operator === 'string' && o.operator !== o.name) facts.push(`operator ${o.operator}`);
    if (list(o.executing).length)
      facts.push(
        `while running: ${list(o.executing)
          .map((c) => term(c, false))
          .join(', ')}`,
      );
    const effects = [...list(o.effects).map((e) => term(e, true)), ...list(o.expectedEffects).map((e) => `${term(e, true)} (expected)`)];
    add(`/actions/${i}`, { name: str(o.name), kind: 'action', conditions: list(o.conditions).map((c) => term(c, false)), effects, subtasks: [], facts });
  });
  list(htn.tasks).forEach((t, i) => {
    const o = obj(t);
    const name = str(o.name);
    const methods = list(o.methods).map((m, j) => `${name}.${typeof obj(m).name === 'string' ? str(obj(m).name) : j}`);
    add(`/htn/tasks/${i}`, { name, kind: 'compound', conditions: [], effects: [], subtasks: methods, facts: o.select ? [`select ${str(o.select)}`] : [] });
    list(o.methods).forEach((m, j) => {
      const mo = obj(m);
      const computed = typeof obj(mo.subtasks).fn === 'string';
      const facts = computed ? [`subtasks by ${str(obj(mo.subtasks).fn)}`] : [];
      if (mo.check) facts.push(`checked every ${str(mo.check)}`);
      if (mo.utility !== undefined) facts.push(`utility ${amount(mo.utility)}`);
      const subtasks = computed ? [] : list(mo.subtasks).flatMap(subtaskNames);
      add(`/htn/tasks/${i}/methods/${j}`, {
        name: methods[j],
        kind: 'method',
        conditions: list(mo.conditions).map((c) => term(c, false)),
        effects: [],
        subtasks,
        facts,
      });
    });
  });
  list(htn.slots).forEach((s, i) =>
    add(`/htn/slots/${i}`, { name: str(s), kind: 'slot', conditions: [], effects: [], subtasks: [], facts: ['filled at run time'] }),
  );
  list(obj(doc.goap).goals).forEach((g, i) => {
    const o = obj(g);
    const facts = [`priority ${amount(o.priority) || '0'}`];
    if (typeof obj(o.valid).fn === 'string') facts.push(`valid when ${str(obj(o.valid).fn)}`);
    add(`/goap/goals/${i}`, { name: str(o.name), kind: 'goal', conditions: list(o.conditions).map((c) => term(c, false)), effects: [], subtasks: [], facts });
  });
  const apart: DomainOutline['findings'][number][] = [];
  for (const f of findings) {
    // The longest item path the finding's pointer starts with (a method before its compound).
    let path = f.path;
    while (path && !byPath.has(path)) path = path.slice(0, Math.max(0, path.lastIndexOf('/')));
    const item = byPath.get(path) ?? items.find((it) => it.name === f.subject);
    const finding = { severity: f.severity, code: f.code, message: f.message };
    if (item) item.findings.push(finding);
    else apart.push({ ...finding, subject: f.subject });
  }
  return {
    name: str(doc.name ?? ''),
    items,
    root: typeof htn.root === 'string' ? htn.root : (items.find((i) => i.kind === 'compound')?.name ?? null),
    findings: apart,
  };
}
