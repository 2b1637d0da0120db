import {
  encodeTask,
  findMutexGroups,
  groundTask,
  PddlError,
  type EncodedTask,
  type GroundTask,
  type PddlAction,
  type PddlAtom,
  type PddlDomain,
  type PddlLiteral,
} from '@dualplan/pddl';
import { HddlError } from './HddlError.js';
import {
  isSubtypeOf,
  type HddlAction,
  type HddlAtom,
  type HddlDomain,
  type HddlEffect,
  type HddlFormula,
  type HddlProblem,
  type HddlTyped,
} from './HddlModel.js';

/** Where every fact stands after grounding the actions: fluent atoms by id, the rest constant. @internal */
export interface GroundFacts {
  readonly task: GroundTask;
  readonly encoded: EncodedTask;
  /** Atom key `(pred a b)` → id in `task.atoms`. */
  readonly atomId: ReadonlyMap<string, number>;
  /** Atom keys that always hold (static facts of the initial state, and initial atoms no reachable action deletes). */
  readonly alwaysTrue: ReadonlySet<string>;
  /** Ground action name `(drive t a b)` → index in `encoded.actions`. */
  readonly actionIndex: ReadonlyMap<string, number>;
  /** Objects (and constants) of each type, type included by its subtypes. */
  readonly objectsOf: (type: string) => readonly string[];
  readonly typeOf: ReadonlyMap<string, string>;
}

/** `(pred a b)`, the key of a ground atom or task. */
export const keyOf = (pred: string, args: readonly string[]): string => (args.length ? `(${pred} ${args.join(' ')})` : `(${pred})`);

const TYPE_PRED = '%type%';

/**
 * Ground the primitive tasks with the PDDL grounder (static pruning, relaxed reachability), with HDDL's
 * types (a type may have several parents) as static type facts, then find mutex groups and encode the
 * reachable atoms as world-state keys. @internal
 */
export function groundActions(domain: HddlDomain, problem: HddlProblem, maxActions: number): GroundFacts {
  const typeOf = new Map<string, string>();
  for (const o of [...domain.constants, ...problem.objects]) {
    const before = typeOf.get(o.name);
    if (before === undefined || isSubtypeOf(domain.types, o.type, before)) typeOf.set(o.name, o.type);
  }
  const byType = new Map<string, string[]>();
  const objectsOf = (type: string): readonly string[] => {
    let list = byType.get(type);
    if (!list) {
      list = [...typeOf].filter(([, t]) => isSubtypeOf(domain.types, t, type)).map(([o]) => o);
      byType.set(type, list);
    }
    return list;
  };
  const usedTypes = new Set<string>();
  const actions: PddlAction[] = [...domain.actions.values()].map((a) => pddlAction(a, domain.file, usedTypes, objectsOf));
  const init: PddlAtom[] = problem.init.map((a) => plain(a));
  for (const t of usedTypes) for (const o of objectsOf(t)) init.push({ pred: TYPE_PRED + t, args: [o], line: 0, column: 0 });
  const pddl: PddlDomain = {
    name: domain.name,
    requirements: [],
    types: Object.assign(Object.create(null) as Record<string, string>, { object: '' }),
    constants: [],
    predicates: Object.create(null) as Record<string, readonly string[]>,
    functions: Object.create(null) as Record<string, readonly string[]>,
    actions,
    file: domain.file,
  };
  const objects: HddlTyped[] = [...typeOf.keys()].map((name) => ({ name, type: 'object', line: 0, column: 0 }));
  let task: GroundTask;
  try {
    task = groundTask(
      pddl,
      { name: problem.name, domain: domain.name, objects, init, numeric: [], goal: [], file: problem.file },
      { maxActions, keepDeletedAtoms: true },
    );
  } catch (e) {
    if (e instanceof PddlError) throw new HddlError(e.code, e.subject, e.message.replace(/^\S*:\d+:\d+: /, ''), e.line ? e : null, domain.file);
    throw e;
  }
  const encoded = encodeTask(task, findMutexGroups(task));
  const atomId = new Map(task.atoms.map((a, i) => [a, i]));
  const fluentPreds = new Set<string>();
  for (const a of domain.actions.values()) for (const e of a.effects) if (e.kind === 'add' || e.kind === 'del') fluentPreds.add(e.atom.pred);
  const alwaysTrue = new Set<string>();
  for (const a of problem.init) {
    const k = keyOf(a.pred, a.args);
    if (!atomId.has(k)) alwaysTrue.add(k); // static, or fluent but never deleted by a reachable action
  }
  const actionIndex = new Map(encoded.actions.map((a, i) => [a.name, i]));
  return { task, encoded, atomId, alwaysTrue, actionIndex, objectsOf, typeOf };
}

const plain = (a: HddlAtom, m: ReadonlyMap<string, string> = new Map()): PddlAtom => ({
  pred: a.pred,
  args: a.args.map((x) => m.get(x) ?? x),
  line: a.line,
  column: a.column,
});

/** Every binding of quantified parameters to objects of their types, added to `outer`. */
function bindings(params: readonly HddlTyped[], objectsOf: (type: string) => readonly string[], outer: ReadonlyMap<string, string>): Map<string, string>[] {
  let out = [new Map(outer)];
  for (const p of params) out = out.flatMap((b) => objectsOf(p.type).map((o) => new Map(b).set(p.name, o)));
  return out;
}

/** An HDDL action as a STRIPS action: `forall` in the precondition and effects is expanded over the problem's objects. */
function pddlAction(a: HddlAction, file: string, usedTypes: Set<string>, objectsOf: (type: string) => readonly string[]): PddlAction {
  const precondition: PddlLiteral[] = [];
  const unsupported = (what: string): never => {
    throw new HddlError(
      'UNSUPPORTED',
      what,
      `action "${a.name}": "${what}" in an action is not supported by the grounder (methods may use it; the verifier applies it).`,
      a,
      file,
    );
  };
  const literal = (f: HddlFormula, negated: boolean, m: ReadonlyMap<string, string>): void => {
    if (f.kind === 'atom') precondition.push({ atom: plain(f.atom, m), negated });
    else if (f.kind === 'not') literal(f.arg, !negated, m);
    else if (f.kind === 'and' && !negated) for (const x of f.args) literal(x, false, m);
    else if (f.kind === 'forall' && !negated) for (const b of bindings(f.params, objectsOf, m)) literal(f.body, false, b);
    else unsupported(negated ? `not ${f.kind}` : f.kind);
  };
  if (a.precondition) literal(a.precondition, false, new Map());
  for (const p of a.parameters) {
    if (p.type === 'object') continue;
    usedTypes.add(p.type);
    precondition.push({ atom: { pred: TYPE_PRED + p.type, args: [p.name], line: p.line, column: p.column }, negated: false });
  }
  const add: PddlAtom[] = [];
  const del: PddlAtom[] = [];
  const effects = (es: readonly HddlEffect[], m: ReadonlyMap<string, string>): void => {
    for (const e of es) {
      if (e.kind === 'add') add.push(plain(e.atom, m));
      else if (e.kind === 'del') del.push(plain(e.atom, m));
      else if (e.kind === 'forall') for (const b of bindings(e.params, objectsOf, m)) effects(e.body, b);
      else unsupported('when');
    }
  };
  effects(a.effects, new Map());
  return { name: a.name, parameters: a.parameters.map((p) => ({ ...p, type: 'object' })), precondition, add, del, cost: null, line: a.line, column: a.column };
}
