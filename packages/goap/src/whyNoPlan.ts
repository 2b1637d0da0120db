import { TOUCH, type CompiledGoal } from './compileDomain.js';
import { describeCell } from './describeCell.js';
import type { GoapPlanner } from './GoapPlanner.js';
import type { UnachievableCondition, WhyNoPlan } from './GoapTrace.js';

/**
 * "Why no plan" for the planner's last search: starting from the goal
 * conditions the start state does not satisfy, follow usable achievers'
 * preconditions (a relaxed analysis, ignoring interactions) and list every
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
  const push = (cell: number, a: number, b: number, neededBy: string) => {
    const ok = d.isInt[cell] ? s0[cell] >= a && s0[cell] <= b : ((a >>> s0[cell]) & 1) === 1;
    const key = `${cell}:${a}:${b}`;
    if (ok || seen.has(key)) return;
    seen.add(key);
    queue.push({ cell, a, b, neededBy });
  };
  for (const c of goal.cells) {
    const o = d.offset[c];
    push(c, goal.words[o], d.isInt[c] ? goal.words[o + 1] : 0, `goal ${goal.name}`);
  }
  const box = new Int32Array(2);
  while (queue.length > 0) {
    const { cell, a, b, neededBy } = queue.shift()!;
    box[0] = a;
    box[1] = b;
    const condition = describeCell(d, box, -d.offset[cell], cell);
    const candidates: { action: string; reason: string }[] = [];
    const achievers: number[] = [];
    for (let k = d.indexStart[cell]; k < d.indexStart[cell + 1]; k++) {
      const act = d.indexActions[k];
      const t = d.indexTouch[k] * TOUCH;
      const v = T[t + 4];
      const name = d.actionNames[act];
      let relevant: boolean;
      if (!d.isInt[cell]) relevant = ((a >>> v) & 1) === 1;
      else if (T[t + 3] === 1) relevant = v >= a && v <= b;
      else relevant = v > 0 ? a > schema.min[cell] : v < 0 && b < schema.max[cell];
      if (!relevant) {
        candidates.push({ action: name, reason: `its effect on ${schema.nameOf(cell)} does not satisfy it` });
        continue;
      }
      if (!planner.procedural(act)) {
        candidates.push({ action: name, reason: 'its procedural check fails on the current state' });
        continue;
      }
      if (planner.costOf(act) === Infinity) {
        candidates.push({ action: name, reason: 'its cost is Infinity (unusable now)' });
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
        if (d.isInt[c] ? T[k + 6] !== schema.min[c] || T[k + 7] !== schema.max[c] : T[k + 6] !== d.full[c]) push(c, T[k + 6], T[k + 7], `action ${d.actionNames[act]}`);
      }
    }
  }
  const summary =
    unachievable.length === 0
      ? `Every condition needed for goal ${goal.name} has a usable achiever: the failure comes from interactions between actions (conflicting effects or preconditions)${planner.result.status === 'budget' ? ` or the ${planner.result.budget} budget` : ''}.`
      : `No plan for goal ${goal.name}: ` +
        unachievable
          .map((u) => `${u.condition} (needed by ${u.neededBy}) ${u.candidates.length === 0 ? 'is not an effect of any action' : `cannot be achieved: ${u.candidates.map((c) => `${c.action}: ${c.reason}`).join('; ')}`}`)
          .join('. ') +
        '.';
  return { goal: goal.name, unachievable, summary };
}
