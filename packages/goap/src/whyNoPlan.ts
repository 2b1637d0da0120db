import { TOUCH, type CompiledGoal } from './compileGoapDomain.js';
import { achieves, isFree, violates } from './cellSet.js';
import { describeCell } from './describeCell.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { UnachievableCondition, WhyNoPlan } from './GoapTrace.js';

/**
 * "Why no plan" for the planner's last search: starting from the goal
 * conditions the start state does not satisfy, follow usable achievers'
 * conditions (a relaxed analysis, ignoring interactions) and list every
 * needed condition that no usable action can achieve, with why each candidate fails.
 * @example
 * if (planner.plan(state, 'killEnemy').status !== 'found') console.log(whyNoPlan(planner).summary);
 */
export function whyNoPlan(planner: GoapPlanner, goal: CompiledGoal | null = planner.result.goal): WhyNoPlan {
  if (!goal) return { goal: '', unachievable: [], summary: 'No search has run.' };
  const d = planner.domain;
  const schema = d.schema;
  const s0 = planner.start.values;
  const T = d.touch;
  const unachievable: UnachievableCondition[] = [];
  const seen = new Set<string>();
  const queue: { cell: number; a: number; b: number; neededBy: string }[] = [];
  const box = new Int32Array(2);
  const push = (cell: number, a: number, b: number, neededBy: string) => {
    box[0] = a;
    box[1] = b;
    const key = `${cell}:${a}:${b}`;
    if (!violates(box, 0, d.isInt[cell] === 1, s0[cell]) || seen.has(key)) return;
    seen.add(key);
    queue.push({ cell, a, b, neededBy });
  };
  for (const c of goal.cells) {
    const o = d.offset[c];
    push(c, goal.words[o], d.isInt[c] ? goal.words[o + 1] : 0, `goal ${goal.name}`);
  }
  while (queue.length > 0) {
    const { cell, a, b, neededBy } = queue.shift()!;
    box[0] = a;
    box[1] = b;
    const condition = describeCell(d, box, -d.offset[cell], cell);
    const candidates: { action: string; reason: string }[] = [];
    const achievers: number[] = [];
    for (let k = d.indexStart[cell]; k < d.indexStart[cell + 1]; k++) {
      const act = d.indexActions[k];
      const name = d.actionNames[act];
      if (!achieves(T, d.indexTouch[k] * TOUCH, d.isInt[cell] === 1, a, b, cell, schema.min, schema.max)) {
        candidates.push({ action: name, reason: `its effect on ${schema.nameOf(cell)} does not satisfy it` });
        continue;
      }
      const use = planner.usable(act);
      if (use !== 0) {
        candidates.push({ action: name, reason: use === 4 ? 'its procedural check fails on the current state' : 'its cost is Infinity (unusable now)' });
        continue;
      }
      achievers.push(act);
    }
    if (achievers.length === 0) {
      unachievable.push({ condition, neededBy, candidates });
      continue;
    }
    for (const act of achievers) {
      for (let t = d.touchStart[act]; t < d.touchStart[act + 1]; t++) {
        const k = t * TOUCH;
        const c = T[k];
        if (!isFree(T, k + 6, d.isInt[c] === 1, c, schema.min, schema.max, d.full)) push(c, T[k + 6], T[k + 7], `action ${d.actionNames[act]}`);
      }
    }
  }
  const summary =
    unachievable.length === 0
      ? `Every condition needed for goal ${goal.name} has a usable achiever: the failure comes from interactions between actions (conflicting effects or conditions)${planner.result.status === 'budget' ? ` or the ${planner.result.budget} budget` : ''}.`
      : `No plan for goal ${goal.name}: ` +
        unachievable
          .map((u) => `${u.condition} (needed by ${u.neededBy}) ${u.candidates.length === 0 ? 'is not an effect of any action' : `cannot be achieved: ${u.candidates.map((c) => `${c.action}: ${c.reason}`).join('; ')}`}`)
          .join('. ') +
        '.';
  return { goal: goal.name, unachievable, summary };
}
