import { bool, defineActions, defineSchema, int, mulberry32, type ActionDef, type ConditionDef, type EffectDef, type Snapshot } from '@dualplan/world-state';
import { compileHtnDomain, type HtnDomain, type TaskDef } from '@dualplan/htn';

const schema = /* @__PURE__ */ defineSchema({ b0: bool(), b1: bool(), b2: bool(), i0: int(0, 3), i1: int(0, 3) });
const KEYS = ['b0', 'b1', 'b2', 'i0', 'i1'] as const;
const INT_OPS = ['==', '!=', '<', '<=', '>', '>='] as const;
const PRIMITIVES = 5;
const COMPOUNDS = 3;

/**
 * A small random HTN domain and start state from a seed (test helper): 5
 * primitives with up to 2 conditions and effects, 3 compounds of 1-3 methods
 * with up to 3 subtasks (recursion included, bounded by the planner's budgets).
 */
export function randomHtnDomain(seed: number): { domain: HtnDomain; start: Snapshot } {
  const rand = mulberry32(seed);
  const pick = (n: number) => Math.floor(rand() * n);
  const cond = (): ConditionDef => {
    const k = pick(5);
    return k < 3 ? { key: KEYS[k], op: pick(2) ? '!=' : '==', value: pick(2) === 1 } : { key: KEYS[k], op: INT_OPS[pick(6)], value: pick(4) };
  };
  const eff = (): EffectDef => {
    const k = pick(5);
    if (k < 3) return { key: KEYS[k], op: 'set', value: pick(2) === 1 };
    const kind = pick(3);
    return { key: KEYS[k], op: kind === 0 ? 'set' : kind === 1 ? 'add' : 'sub', value: pick(4) };
  };
  const list = <T>(max: number, make: () => T) => Array.from({ length: pick(max + 1) }, make);
  const name = (i: number) => (i < PRIMITIVES ? `p${i}` : `c${i - PRIMITIVES}`);
  const prims: ActionDef[] = [];
  for (let i = 0; i < PRIMITIVES; i++) prims.push({ name: name(i), conditions: list(2, cond), effects: list(2, eff), cost: 1 + pick(3) });
  const tasks: TaskDef[] = [];
  for (let i = 0; i < COMPOUNDS; i++) {
    const methods = Array.from({ length: 1 + pick(3) }, () => ({ conditions: list(2, cond), subtasks: list(3, () => name(pick(PRIMITIVES + COMPOUNDS))) }));
    tasks.push({ kind: 'compound', name: name(PRIMITIVES + i), methods });
  }
  const start: Snapshot = { b0: pick(2) === 1, b1: pick(2) === 1, b2: pick(2) === 1, i0: pick(4), i1: pick(4) };
  return { domain: compileHtnDomain(defineActions(schema, prims), { root: 'c0', tasks }), start };
}
