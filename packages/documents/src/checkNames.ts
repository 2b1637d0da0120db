import { DualplanError, compileConditions, compileEffects, didYouMean, type Schema } from '@dualplan/world-state';
import type {
  DocumentCondition,
  DocumentEffect,
  DomainDocument,
  DomainRegistry,
  DocumentSubtask,
  DocumentTaskRef,
  FunctionRef,
  OpaqueRef,
  RegistrySection,
} from './DomainDocument.js';
import { pointer, problem, type DocumentProblem } from './DomainDocumentError.js';
import { registryFunction } from './registryFunction.js';

/**
 * The semantic checks of a structurally valid document, all at once, each
 * naming its JSON pointer: keys and values against the schema, task and action
 * names in methods and the root, duplicate names, sensors, and (when a registry
 * is given) every function name, with a "did you mean" for misspellings.
 * Without a registry function names are not checked (the linter's mode).
 * @example
 * checkNames(doc, schemaFromData(doc.keys), registry); // [] when every name resolves
 */
export function checkNames(doc: DomainDocument, schema: Schema, registry: DomainRegistry | null): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  const keyNames = schema.keyList.map((k) => k.name);

  const fn = (ref: FunctionRef | OpaqueRef, section: RegistrySection, path: string, what: string) => {
    if (!registry) return;
    const name = 'fn' in ref ? ref.fn : ref.opaque;
    if (registryFunction(registry, section, name) !== undefined) return;
    const table = registry[section] as Readonly<Record<string, unknown>> | undefined;
    const others = Object.keys(table ?? {});
    out.push(
      problem(
        pointer(path, 'fn' in ref ? 'fn' : 'opaque'),
        'UNKNOWN_FUNCTION',
        name,
        `no ${what} function "${name}" in the registry's ${section}.${didYouMean(name, others)}${others.length ? '' : ` The registry has no ${section}.`}`,
      ),
    );
  };
  // Compile one condition or effect alone, to point at the exact entry and field.
  const compiled = (path: string, entry: DocumentCondition | DocumentEffect, kind: 'condition' | 'effect') => {
    try {
      if (kind === 'condition') compileConditions(schema, [entry as DocumentCondition]);
      else compileEffects(schema, [entry as DocumentEffect]);
    } catch (e) {
      if (!(e instanceof DualplanError)) throw e;
      const field =
        e.code === 'UNKNOWN_KEY'
          ? entry.index !== undefined && keyNames.includes(entry.key)
            ? 'index'
            : 'key'
          : e.code === 'VALUE_OUT_OF_RANGE'
            ? 'value'
            : 'op';
      out.push(problem(pointer(path, field), e.code, e.subject, e.message));
    }
  };
  const conditions = (list: readonly (DocumentCondition | OpaqueRef)[] | undefined, path: string) =>
    list?.forEach((c, i) => ('opaque' in c ? fn(c, 'checks', pointer(path, i), 'procedural condition') : compiled(pointer(path, i), c, 'condition')));
  const effects = (list: readonly (DocumentEffect | OpaqueRef)[] | undefined, path: string) =>
    list?.forEach((e, i) => ('opaque' in e ? fn(e, 'effects', pointer(path, i), 'procedural effect') : compiled(pointer(path, i), e, 'effect')));
  const unique = (names: readonly string[], base: string, what: string, taken: ReadonlyMap<string, string> = new Map()) => {
    const seen = new Map<string, string>(taken);
    names.forEach((name, i) => {
      const path = pointer(base, i, 'name');
      const first = seen.get(name);
      if (first !== undefined) out.push(problem(path, 'DUPLICATE_NAME', name, `${what} "${name}" is already defined at ${first}.`));
      else seen.set(name, path);
    });
    return seen;
  };

  doc.sensors?.forEach((key, i) => {
    if (schema.keyInfo(key) === undefined && schema.member(key) === undefined) {
      out.push(problem(pointer('/sensors', i), 'UNKNOWN_KEY', key, `unknown key "${key}".${didYouMean(key, keyNames)}`));
    }
  });

  const actionPaths = unique(
    doc.actions.map((a) => a.name),
    '/actions',
    'action',
  );
  doc.actions.forEach((a, i) => {
    const base = pointer('/actions', i);
    conditions(a.conditions, pointer(base, 'conditions'));
    conditions(a.executing, pointer(base, 'executing'));
    effects(a.effects, pointer(base, 'effects'));
    effects(a.expectedEffects, pointer(base, 'expectedEffects'));
    if (a.cost !== undefined && typeof a.cost === 'object') fn(a.cost, 'costs', pointer(base, 'cost'), 'cost');
  });

  if (doc.htn) {
    const tasks = doc.htn.tasks;
    const parallel = doc.htn.parallel ?? [];
    unique([...tasks.map((t) => t.name), ...parallel.map((p) => p.name)], '/htn/tasks', 'task or action', actionPaths);
    // A slot is called like a task: its name is unique among tasks and actions.
    const taken = new Map([
      ...actionPaths,
      ...tasks.map((t, i): [string, string] => [t.name, pointer('/htn/tasks', i, 'name')]),
      ...parallel.map((t, i): [string, string] => [t.name, pointer('/htn/parallel', i, 'name')]),
    ]);
    doc.htn.slots?.forEach((name, i) => {
      const first = taken.get(name);
      if (first !== undefined) out.push(problem(pointer('/htn/slots', i), 'DUPLICATE_NAME', name, `slot "${name}" is already defined at ${first}.`));
      else taken.set(name, pointer('/htn/slots', i));
    });
    // A delegate is called like a task too.
    const delegates = doc.htn.delegates ?? [];
    delegates.forEach((d, i) => {
      const first = taken.get(d.name);
      if (first !== undefined)
        out.push(problem(pointer('/htn/delegates', i, 'name'), 'DUPLICATE_NAME', d.name, `delegate "${d.name}" is already defined at ${first}.`));
      else taken.set(d.name, pointer('/htn/delegates', i, 'name'));
    });
    const taskNames = [
      ...tasks.map((t) => t.name),
      ...parallel.map((p) => p.name),
      ...doc.actions.map((a) => a.name),
      ...(doc.htn.slots ?? []),
      ...delegates.map((d) => d.name),
    ];
    const known = (name: string, path: string) => {
      if (!taskNames.includes(name)) out.push(problem(path, 'UNKNOWN_TASK', name, `no task or action "${name}".${didYouMean(name, taskNames)}`));
    };
    if (doc.htn.root !== undefined) known(doc.htn.root, '/htn/root');
    const subtasks = (list: readonly DocumentSubtask[], base: string) =>
      list.forEach((s, si) => {
        const path = pointer(base, si);
        const ref = (r: DocumentTaskRef, at: string) => (typeof r === 'string' ? known(r, at) : known(r.task, pointer(at, 'task')));
        if (typeof s === 'string' || 'task' in s) ref(s, path);
        else if ('optional' in s) ref(s.optional, pointer(path, 'optional'));
        else if ('anyOrder' in s) s.anyOrder.forEach((r: DocumentTaskRef, ri: number) => ref(r, pointer(path, 'anyOrder', ri)));
      });
    tasks.forEach((t, ti) => {
      conditions(t.repeat?.while, pointer('/htn/tasks', ti, 'repeat', 'while'));
      t.methods.forEach((m, mi) => {
        const base = pointer('/htn/tasks', ti, 'methods', mi);
        conditions(m.conditions, pointer(base, 'conditions'));
        conditions(m.repeat?.while, pointer(base, 'repeat', 'while'));
        if (m.utility !== undefined && typeof m.utility === 'object') fn(m.utility, 'utilities', pointer(base, 'utility'), 'utility');
        if (!Array.isArray(m.subtasks)) {
          fn(m.subtasks as FunctionRef, 'subtasks', pointer(base, 'subtasks'), 'subtask');
          return;
        }
        subtasks(m.subtasks, pointer(base, 'subtasks'));
      });
    });
    parallel.forEach((p, pi) => {
      subtasks(p.primary, pointer('/htn/parallel', pi, 'primary'));
      subtasks(p.secondary, pointer('/htn/parallel', pi, 'secondary'));
    });
  }

  if (doc.goap) {
    unique(
      doc.goap.goals.map((g) => g.name),
      '/goap/goals',
      'goal',
    );
    doc.goap.goals.forEach((g, i) => {
      const base = pointer('/goap/goals', i);
      conditions(g.conditions, pointer(base, 'conditions'));
      if (g.priority !== undefined && typeof g.priority === 'object') fn(g.priority, 'priorities', pointer(base, 'priority'), 'priority');
      if (g.valid !== undefined) fn(g.valid, 'validity', pointer(base, 'valid'), 'validity');
    });
  }
  return out;
}
