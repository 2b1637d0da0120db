import { didYouMean } from '@dualplan/world-state';
import type { DocumentCondition, OpaqueRef } from './DomainDocument.js';
import { pointer } from './DomainDocumentError.js';
import { checkDocument } from './loadDomain.js';
import { compileCondition, compileEffect, fullSet, singleSet, someHolds, widen, type ValueSet } from './valueSets.js';
import { lintHtn } from './lintHtn.js';
import { lintBehaviour } from './lintBehaviour.js';
import { lintRepeatRace } from './lintRepeatRace.js';
import { lintAdjustable } from './lintAdjustable.js';
import { lintNames } from './lintNames.js';
import type { LintContext } from './LintContext.js';
import type { LintFinding } from './LintFinding.js';

/** Options of the domain linter. */
export interface LintOptions {
  /** The operator ids the game implements (an operator map or a list): actions whose operator is missing are reported. */
  readonly operators?: Readonly<Record<string, unknown>> | readonly string[];
}

/**
 * Lint a domain document: problems that load fine but make a domain wrong or
 * wasteful. Takes the document as text or parsed JSON; a document that does not
 * pass the loader's checks throws its `DomainDocumentError` instead. Functions are
 * not needed (opaque conditions count as satisfiable; opaque effects are invisible).
 * Rules: unachievable goal conditions, dead actions, shadowed methods, unread
 * effects, unused keys, compounds with no method, tasks that never refine to
 * actions, recursion with no guard, operators missing from `options.operators`,
 * repeats without a bound or of 0 passes, races with one branch, and names with
 * invisible, direction-changing or broken characters.
 * @example
 * for (const f of lintDomain(readFileSync('troll.json', 'utf8'), { operators: agentOperators })) {
 *   console.log(`${f.severity} ${f.code} ${f.path}: ${f.message}`);
 * }
 */
export function lintDomain(json: string | unknown, options: LintOptions = {}): LintFinding[] {
  const { document: doc, schema } = checkDocument(json, null);
  const findings: LintFinding[] = [];
  const ctx: LintContext = {
    doc,
    schema,
    report: (code, severity, subject, path, message) => findings.push({ code, severity, subject, path, message: `${subject}: ${message}` }),
  };
  reachability(ctx);
  readsAndWrites(ctx);
  lintHtn(ctx);
  lintBehaviour(ctx);
  lintRepeatRace(ctx);
  lintAdjustable(ctx);
  lintNames(ctx);
  if (options.operators) operators(ctx, Array.isArray(options.operators) ? options.operators : Object.keys(options.operators));
  return findings;
}

/**
 * Relaxed reachability: start from the key defaults (sensor keys: any value),
 * then let every action whose conditions can all be met add the values its
 * effects write, until nothing grows. Actions never enabled are dead; goal
 * conditions never satisfiable are unachievable.
 */
function reachability({ doc, schema, report }: LintContext): void {
  const sets: ValueSet[] = [];
  for (let c = 0; c < schema.size; c++) sets.push(singleSet(schema, c, schema.defaults[c]));
  for (const key of doc.sensors ?? []) {
    const info = schema.keyInfo(key);
    const cell = info ? info.cell : schema.member(key)!.cell;
    for (let i = 0; i < (info?.spec.slots ?? 1); i++) sets[cell + i] = fullSet(schema, cell + i);
  }
  const conds = doc.actions.map((a) => (a.conditions ?? []).map((c) => compileCondition(schema, c)));
  const effs = doc.actions.map((a) => [...(a.effects ?? []), ...(a.expectedEffects ?? [])].map((e) => compileEffect(schema, e)));
  const enabled = new Array<boolean>(doc.actions.length).fill(false);
  for (let grew = true; grew;) {
    grew = false;
    doc.actions.forEach((_, i) => {
      if (!conds[i].every((c) => c === null || someHolds(schema, sets[c[0]], c))) return;
      enabled[i] = true;
      for (const e of effs[i]) if (e !== null && widen(schema, sets[e[0]], e)) grew = true;
    });
  }
  doc.actions.forEach((a, i) => {
    if (enabled[i]) return;
    const at = conds[i].findIndex((c) => c !== null && !someHolds(schema, sets[c[0]], c));
    report(
      'DEAD_ACTION',
      'warning',
      a.name,
      pointer('/actions', i, 'conditions', at),
      `action "${a.name}" can never run: its condition ${describe(a.conditions![at])} is not true at the start and no action or sensor makes it true.`,
    );
  });
  doc.goap?.goals.forEach((g, gi) => {
    g.conditions.forEach((c, ci) => {
      const compiled = compileCondition(schema, c)!;
      if (someHolds(schema, sets[compiled[0]], compiled)) return;
      report(
        'UNACHIEVABLE_GOAL',
        'warning',
        g.name,
        pointer('/goap/goals', gi, 'conditions', ci),
        `goal "${g.name}" can never be reached: no action, sensor or start value makes ${describe(c)} true (key "${c.key}").`,
      );
    });
  });
}

/** Effects nothing reads, and keys nothing reads or writes. */
function readsAndWrites({ doc, schema, report }: LintContext): void {
  const read = new Uint8Array(schema.size);
  const written = new Uint8Array(schema.size);
  const reads = (list: readonly (DocumentCondition | OpaqueRef)[] | undefined) => {
    for (const c of list ?? []) {
      const compiled = compileCondition(schema, c);
      if (compiled) read[compiled[0]] = 1;
    }
  };
  doc.actions.forEach((a) => {
    reads(a.conditions);
    reads(a.executing);
  });
  doc.htn?.tasks.forEach((t) => t.methods.forEach((m) => reads(m.conditions)));
  doc.goap?.goals.forEach((g) => reads(g.conditions));
  doc.actions.forEach((a, ai) => {
    for (const field of ['effects', 'expectedEffects'] as const) {
      a[field]?.forEach((e, ei) => {
        const compiled = compileEffect(schema, e);
        if (!compiled) return;
        written[compiled[0]] = 1;
        if (read[compiled[0]]) return;
        const key = schema.nameOf(compiled[0]);
        report(
          'UNREAD_EFFECT',
          'warning',
          a.name,
          pointer('/actions', ai, field, ei),
          `action "${a.name}" writes "${key}", which no condition, goal or method reads.`,
        );
      });
    }
  });
  schema.keyList.forEach((k, i) => {
    let used = false;
    for (let c = k.cell; c < k.cell + k.spec.slots; c++) used ||= read[c] === 1 || written[c] === 1;
    if (!used) report('UNUSED_KEY', 'warning', k.name, pointer('/keys', i), `key "${k.name}" is neither read nor written by any action, method or goal.`);
  });
}

function operators({ doc, report }: LintContext, known: readonly string[]): void {
  doc.actions.forEach((a, i) => {
    const op = a.operator ?? a.name;
    if (known.includes(op)) return;
    report(
      'UNKNOWN_OPERATOR',
      'error',
      op,
      pointer('/actions', i, a.operator === undefined ? 'name' : 'operator'),
      `action "${a.name}" runs operator "${op}", which the operator map does not have.${didYouMean(op, known)}`,
    );
  });
}

/** `key op value` as written in the document. */
export function describe(c: DocumentCondition | OpaqueRef): string {
  if ('opaque' in c) return `${c.opaque}()`;
  return `${c.key}${c.index === undefined ? '' : `[${c.index}]`} ${c.op} ${JSON.stringify(c.value)}`;
}
