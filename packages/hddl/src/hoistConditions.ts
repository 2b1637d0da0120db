import type { CompiledMethod } from './CompiledMethod.js';
import type { GroundFacts } from './groundActions.js';
import type { Literals } from './groundFormula.js';
import type { GroundTaskNode } from './groundHierarchy.js';

/**
 * Conditions every decomposition of a method needs at its start, so the planner rejects a dead method when it
 * picks it instead of after expanding it: its own precondition, plus each subtask's needed literals whose atoms no
 * earlier subtask can change. Atoms are tracked by (predicate, first argument): `(at truck1 *)` moving does not
 * hide `(at package1 l1)`. A task's needed literals are those of all its methods (a fixpoint, started empty, so
 * every round is sound: each literal really is required by every finite decomposition). @internal
 */
export function hoistConditions(
  nodes: readonly GroundTaskNode[],
  methodsOf: readonly (readonly CompiledMethod[])[],
  roots: readonly CompiledMethod[],
  facts: GroundFacts,
  rounds = 8,
): Map<CompiledMethod, Literals> {
  const { task, encoded } = facts;
  const groupIds = new Map<string, number>();
  const groupOf = task.atoms.map((a) => {
    const words = a.slice(1, -1).split(' ');
    const key = words.length > 1 ? `${words[0]} ${words[1]}` : words[0];
    let g = groupIds.get(key);
    if (g === undefined) groupIds.set(key, (g = groupIds.size));
    return g;
  });
  const groupOfLit = (l: number) => groupOf[Math.abs(l) - 1];
  const n = nodes.length;
  const touched: Set<number>[] = nodes.map(() => new Set());
  const needed: Literals[] = nodes.map(() => []);
  nodes.forEach((node, i) => {
    if (node.action < 0) return;
    const a = task.actions[encoded.actions[node.action].source];
    for (const x of [...a.add, ...a.del]) touched[i].add(groupOf[x]);
    needed[i] = [...a.pre.map((x) => x + 1), ...a.preNeg.map((x) => -(x + 1))];
  });
  // Touched: a least fixpoint (union over methods and subtasks).
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < n; i++) {
      if (nodes[i].action >= 0) continue;
      const t = touched[i];
      const before = t.size;
      for (const c of methodsOf[i]) for (const s of c.ground.subtasks) for (const g of touched[s]) t.add(g);
      if (t.size !== before) changed = true;
    }
  }
  const hoisted = new Map<CompiledMethod, Literals>();
  const hoist = (c: CompiledMethod): Literals => {
    const out = new Set<number>(c.ground.pre);
    const seen = new Set<number>();
    for (const k of c.order) {
      const s = c.ground.subtasks[k];
      for (const l of needed[s]) if (!seen.has(groupOfLit(l))) out.add(l);
      for (const g of touched[s]) seen.add(g);
    }
    return [...out];
  };
  for (let r = 0; r < rounds; r++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      if (nodes[i].action >= 0) continue;
      let common: Set<number> | null = null;
      for (const c of methodsOf[i]) {
        const h = hoist(c);
        hoisted.set(c, h);
        common = common === null ? new Set(h) : new Set(h.filter((l) => common!.has(l)));
      }
      const next = [...(common ?? [])];
      if (next.length !== needed[i].length) changed = true;
      needed[i] = next;
    }
    if (!changed) break;
  }
  for (const c of roots) hoisted.set(c, hoist(c));
  return hoisted;
}
