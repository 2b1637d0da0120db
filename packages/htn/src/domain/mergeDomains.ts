import { DualplanError, type PlanStep } from '@dualplan/world-state';
import { HtnDomain, TaskKind, type DomainTables } from './HtnDomain.js';
import { buildFastTables } from './buildFastTables.js';

/** @internal A sub-domain compiled into a base domain's tables: the sub's task `t` is task `t + taskOffset` here. */
export interface MergedDomain {
  readonly domain: HtnDomain;
  readonly taskOffset: number;
}

// Merges are pure functions of two immutable domains: 1,000 agents plugging the same weapon share one.
const cache = new WeakMap<HtnDomain, WeakMap<HtnDomain, MergedDomain>>();

/**
 * @internal Append `sub`'s tasks, methods and calls to `base`'s tables (ids offset), so one search walks
 * both: a slot filled with `sub` then plans as a call of the sub's root task, and backtracking reaches the
 * sub-domain's methods like any other. Names resolve to `base`'s task first: a primitive task of both is the
 * base's action (they must share an operator); any other name both define is `SLOT_NAME_CLASH`, because a
 * subtask function returning that name would be ambiguous. `slot` names the slot in errors.
 * @example
 * const { domain, taskOffset } = mergeDomains(npc, sword, 'Combat');
 * domain.taskNames[sword.root + taskOffset]; // 'SwordCombat'
 */
export function mergeDomains(base: HtnDomain, sub: HtnDomain, slot: string): MergedDomain {
  let bySub = cache.get(base);
  if (bySub === undefined) cache.set(base, (bySub = new WeakMap()));
  let merged = bySub.get(sub);
  if (merged === undefined) bySub.set(sub, (merged = merge(base, sub, slot)));
  return merged;
}

function merge(base: HtnDomain, sub: HtnDomain, slot: string): MergedDomain {
  const P = base.tables;
  const Q = sub.tables;
  const tOff = P.taskNames.length;
  const mOff = P.methodNames.length;
  const cOff = P.callTask.length;
  const sOff = P.subCalls.length;
  const ids = new Map(P.ids);
  Q.ids.forEach((q, name) => {
    const p = P.ids.get(name);
    if (Q.taskKind[q] === TaskKind.Pause) return; // every domain has one; the base's serves both
    if (p === undefined) ids.set(name, q + tOff);
    else if (P.taskKind[p] !== TaskKind.Primitive || Q.taskKind[q] !== TaskKind.Primitive) {
      throw new DualplanError(
        'SLOT_NAME_CLASH',
        slot,
        `Domain ${sub.name} cannot plug into slot "${slot}": its task "${name}" clashes with a task of domain ${base.name} (rename one; names in a planner's domains must be unique).`,
      );
    } else if (P.actions.actions[p].operator !== Q.actions.actions[q].operator) {
      throw new DualplanError(
        'SLOT_NAME_CLASH',
        slot,
        `Domain ${sub.name} cannot plug into slot "${slot}": its action "${name}" has operator "${Q.actions.actions[q].operator}" where domain ${base.name}'s has "${P.actions.actions[p].operator}".`,
      );
    }
  });
  const shift = (a: Int32Array, by: number, keepNegative = false) => a.map((x) => (keepNegative && x < 0 ? x : x + by));
  const i32 = (a: Int32Array, b: Int32Array) => concat(new Int32Array(a.length + b.length), a, b);
  const f64 = (a: Float64Array, b: Float64Array) => concat(new Float64Array(a.length + b.length), a, b);
  const u8 = (a: Uint8Array, b: Uint8Array) => concat(new Uint8Array(a.length + b.length), a, b);
  const instantiate = (task: number, args: readonly unknown[]): PlanStep => (task < tOff ? P.instantiate(task, args) : Q.instantiate(task - tOff, args));
  const tables: Omit<DomainTables, 'fast'> = {
    name: P.name,
    root: P.root,
    taskNames: [...P.taskNames, ...Q.taskNames],
    taskKind: u8(P.taskKind, Q.taskKind),
    ids,
    methodStart: i32(P.methodStart, shift(Q.methodStart, mOff)),
    methodEnd: i32(P.methodEnd, shift(Q.methodEnd, mOff)),
    methodNames: [...P.methodNames, ...Q.methodNames],
    methodConds: [...P.methodConds, ...Q.methodConds],
    methodCost: f64(P.methodCost, Q.methodCost),
    methodSubStart: i32(P.methodSubStart, shift(Q.methodSubStart, sOff)),
    methodSubEnd: i32(P.methodSubEnd, shift(Q.methodSubEnd, sOff)),
    methodFn: [...P.methodFn, ...Q.methodFn],
    taskSelect: u8(P.taskSelect, Q.taskSelect),
    adjustable: u8(P.adjustable, Q.adjustable),
    methodWeight: f64(P.methodWeight, Q.methodWeight),
    methodUtility: [...P.methodUtility, ...Q.methodUtility],
    methodScore: f64(P.methodScore, Q.methodScore),
    slots: [...P.slots, ...Q.slots],
    slotOf: i32(P.slotOf, shift(Q.slotOf, P.slots.length, true)),
    methodCheck: u8(P.methodCheck, Q.methodCheck),
    methodScopes: [...P.methodScopes, ...Q.methodScopes],
    scopeEndCall: P.scopeEndCall,
    subCalls: i32(P.subCalls, shift(Q.subCalls, cOff)),
    callTask: i32(P.callTask, shift(Q.callTask, tOff)),
    callArgs: [...P.callArgs, ...Q.callArgs],
    callStep: [...P.callStep, ...Q.callStep],
    defaultCall: i32(P.defaultCall, shift(Q.defaultCall, cOff)),
    delegateNames: [...P.delegateNames, ...Q.delegateNames],
    operators: [...new Set([...P.operators, ...Q.operators])].sort(),
    actions: P.actions,
    costFns: [...P.costFns, ...Q.costFns],
    pauseTask: P.pauseTask,
    pauseCall: P.pauseCall,
    instantiate,
  };
  const domain = new HtnDomain(base.schema, { ...tables, fast: buildFastTables(tables) });
  for (const name of [...base.checkedAtPlanTime, ...sub.checkedAtPlanTime]) domain.checkedAtPlanTime.add(name);
  return { domain, taskOffset: tOff };
}

function concat<A extends Int32Array | Float64Array | Uint8Array>(out: A, a: A, b: A): A {
  out.set(a);
  out.set(b, a.length);
  return out;
}
