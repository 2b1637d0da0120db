import { TaskKind, type HtnDomain } from '@dualplan/htn';
import { KeyKind, type ConditionDef, type EffectDef, type Schema, type WorldState } from '@dualplan/world-state';
import { HddlError } from './HddlError.js';

/** Options of {@link saveHddl}: the names written into the files. */
export interface SaveHddlOptions {
  /** The domain's name (default: the HTN domain's name). */
  readonly name?: string;
  /** The problem's name (default `problem`). */
  readonly problem?: string;
  /** The root task planned by the problem (default: the domain's root). */
  readonly root?: string;
}

/** What {@link saveHddl} writes: the domain and the problem, as HDDL text. */
export interface SavedHddl {
  readonly domain: string;
  readonly problem: string;
}

const MAX_VALUES = 256;

/**
 * Write a compiled dualplan HTN domain as an HDDL domain, and a problem planning its root task from `state`.
 * A bool key becomes a 0-ary predicate, an enum key (or an int key of at most 256 values) a predicate over
 * constants of its own type, `set` a `forall` delete plus an add; compounds become `:task`s, methods ordered
 * methods with their conditions as preconditions, actions `:action`s (expected effects included: they hold
 * while planning). What HDDL cannot express is refused with an {@link HddlError} of code `EXPORT` naming it:
 * `<`/`>`/`in` conditions, `add`/`sub` effects, opaque conditions and effects, parameterised actions, subtask
 * functions, compounds called with arguments, `select: 'random' | 'utility'`, run-time `check`s, delegates,
 * slots and parallel tasks. Pause points are left out (the full plan is the same). Names are lower-cased, and
 * characters HDDL does not allow become `_`.
 * @example
 * const { domain, problem } = saveHddl(trollBasicDomain(), createState(trollSchema(), { WsCanSeeEnemy: true }));
 */
export function saveHddl(htn: HtnDomain, state: WorldState<any>, options: SaveHddlOptions = {}): SavedHddl {
  const refuse = (subject: string, message: string): never => {
    throw new HddlError('EXPORT', subject, `cannot export to HDDL: ${message}`, null);
  };
  const schema: Schema = htn.schema;
  const names = new Map<string, string>();
  const used = new Map<string, string>();
  // Predicates, constants and tasks (with methods, the domain and problem) are separate name spaces in HDDL.
  const space = (kind: string) => (kind === 'task' ? 't' : kind);
  const symbol = (raw: string, kind: string): string => {
    const key = `${kind}:${raw}`;
    let s = names.get(key);
    if (s !== undefined) return s;
    s = raw.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
    if (!/^[a-z]/.test(s)) s = `k${s}`;
    const clash = used.get(`${space(kind)}:${s}`);
    if (clash !== undefined) refuse(raw, `"${raw}" and "${clash}" are both "${s}" in HDDL (names are case-insensitive).`);
    used.set(`${space(kind)}:${s}`, raw);
    names.set(key, s);
    return s;
  };
  // Keys: which cells are read or written, and how each is written.
  const cells = new Map<number, { pred: string; values: string[] | null }>();
  const cellOf = (key: string | number, index: number | undefined, where: string) => {
    const cell = schema.cellOf(key, index ?? 0, where);
    if (!cells.has(cell)) {
      const name = schema.nameOf(cell);
      const pred = symbol(name, 'key');
      const kind = schema.kind[cell];
      if (kind === KeyKind.Bool) cells.set(cell, { pred, values: null });
      else {
        const spec = schema.keyInfo(name.replace(/\[\d+\]$/, ''))?.spec;
        const count = schema.max[cell] - schema.min[cell] + 1;
        if (count > MAX_VALUES) refuse(name, `key "${name}" has ${count} values (at most ${MAX_VALUES} are written as constants).`);
        const valueNames = Array.from({ length: count }, (_, i) =>
          kind === KeyKind.Enum && spec?.kind === 'enum' ? spec.names[i] : String(schema.min[cell] + i),
        );
        cells.set(cell, { pred, values: valueNames.map((v) => symbol(`${name}=${v}`, 'value')) });
      }
    }
    return { cell, ...cells.get(cell)! };
  };
  const atomOf = (c: { pred: string; values: string[] | null; cell: number }, raw: number) =>
    c.values === null ? `(${c.pred})` : `(${c.pred} ${c.values[raw - schema.min[c.cell]]})`;
  const condition = (d: ConditionDef, where: string): string => {
    if ('opaque' in d) return refuse(d.opaque, `${where}: the opaque condition "${d.opaque}".`);
    const c = cellOf(d.key, d.index, where);
    if (d.op !== '==' && d.op !== '!=') return refuse(schema.nameOf(c.cell), `${where}: "${d.op}" on "${schema.nameOf(c.cell)}" (only == and != are written).`);
    const raw = schema.encode(c.cell, d.value, where);
    const holds = c.values === null ? (raw === 1) === (d.op === '==') : d.op === '==';
    const atom = c.values === null ? `(${c.pred})` : atomOf(c, raw);
    return holds ? atom : `(not ${atom})`;
  };
  const effect = (e: EffectDef, where: string): string[] => {
    if ('opaque' in e) return refuse(e.opaque, `${where}: the opaque effect "${e.opaque}".`);
    const c = cellOf(e.key, e.index, where);
    if (e.op !== 'set') return refuse(schema.nameOf(c.cell), `${where}: "${e.op}" on "${schema.nameOf(c.cell)}" (only set is written).`);
    const raw = schema.encode(c.cell, e.value, where);
    if (c.values === null) return [raw === 1 ? `(${c.pred})` : `(not (${c.pred}))`];
    return [`(forall (?v - ${c.pred}-value) (not (${c.pred} ?v)))`, atomOf(c, raw)];
  };
  const conj = (xs: readonly string[]) => (xs.length === 0 ? '()' : xs.length === 1 ? xs[0] : `(and ${xs.join(' ')})`);

  const actions = htn.actions.actions.map((a) => {
    const where = `action "${a.name}"`;
    if (a.parameterised) refuse(a.name, `${where} computes its conditions or effects from arguments.`);
    const conds = ((a.def.conditions ?? []) as readonly ConditionDef[]).map((d) => condition(d, where));
    const effs = [...((a.def.effects ?? []) as readonly EffectDef[]), ...((a.def.expectedEffects ?? []) as readonly EffectDef[])].flatMap((e) =>
      effect(e, where),
    );
    return `  (:action ${symbol(a.name, 'task')} :parameters ()\n    :precondition ${conj(conds)}\n    :effect ${conj(effs)})`;
  });
  if (htn.hasParallel) refuse(htn.name, 'the domain has parallel tasks.');
  const tasks: string[] = [];
  const methods: string[] = [];
  for (let t = htn.actions.actions.length; t < htn.taskNames.length; t++) {
    const name = htn.taskNames[t];
    const kind = htn.taskKind[t];
    if (kind === TaskKind.Pause) continue;
    if (kind !== TaskKind.Compound) refuse(name, `task "${name}" is a ${kind === TaskKind.Delegate ? 'delegate' : 'slot'}.`);
    if (htn.taskSelect[t] !== 0) refuse(name, `compound "${name}" picks its methods at random or by utility.`);
    const task = symbol(name, 'task');
    tasks.push(`  (:task ${task} :parameters ())`);
    for (let m = htn.methodStart[t]; m < htn.methodEnd[t]; m++) {
      const where = `method "${htn.methodNames[m]}" of "${name}"`;
      if (htn.methodFn[m] !== null) refuse(name, `${where} computes its subtasks.`);
      if (htn.methodCheck[m] !== 0) refuse(name, `${where} checks its conditions at run time.`);
      const pre = htn.methodConds[m].source.map((d) => condition(d, where));
      const subs: string[] = [];
      for (let i = htn.methodSubStart[m]; i < htn.methodSubEnd[m]; i++) {
        const call = htn.subCalls[i];
        const sub = htn.callTask[call];
        if (htn.taskKind[sub] === TaskKind.Pause || call === htn.scopeEndCall) continue;
        if (htn.taskKind[sub] !== TaskKind.Primitive && htn.callArgs[call].length > 0) refuse(name, `${where} calls "${htn.taskNames[sub]}" with arguments.`);
        subs.push(`(${symbol(htn.taskNames[sub], 'task')})`);
      }
      const mname = symbol(`${name}--${htn.methodNames[m] || m - htn.methodStart[t]}`, 'method');
      methods.push(`  (:method ${mname} :parameters () :task (${task})\n    :precondition ${conj(pre)}\n    :ordered-subtasks ${conj(subs)})`);
    }
  }
  const rootName = options.root ?? htn.taskNames[htn.root];
  if (htn.taskId(rootName) < 0) refuse(rootName, `there is no task "${rootName}".`);
  const root = symbol(rootName, 'task');
  // Every key the domain reads or writes, with its value in `state`.
  const init: string[] = [];
  const types: string[] = [];
  const constants: string[] = [];
  const predicates: string[] = [];
  for (const [cell, c] of cells) {
    const raw = state.values[cell];
    if (c.values === null) {
      predicates.push(`(${c.pred})`);
      if (raw === 1) init.push(`(${c.pred})`);
    } else {
      types.push(`${c.pred}-value`);
      constants.push(`${c.values.join(' ')} - ${c.pred}-value`);
      predicates.push(`(${c.pred} ?v - ${c.pred}-value)`);
      init.push(atomOf({ ...c, cell }, raw));
    }
  }
  const name = symbol(options.name ?? (htn.name || 'domain'), 'domain');
  const domain = `; Written by dualplan's saveHddl.
(define (domain ${name})
  (:requirements :hierarchy :typing :negative-preconditions :method-preconditions :universal-preconditions)
  (:types ${types.join(' ')})
  (:constants ${constants.join('\n    ')})
  (:predicates ${predicates.join(' ')})
${tasks.join('\n')}
${methods.join('\n')}
${actions.join('\n')})
`;
  const problem = `(define (problem ${symbol(options.problem ?? 'problem', 'problem')}) (:domain ${name})
  (:htn :ordered-subtasks (${root}))
  (:init ${init.join(' ')}))
`;
  return { domain, problem };
}
