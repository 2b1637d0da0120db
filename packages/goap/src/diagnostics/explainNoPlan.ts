import type { WorldState } from '@dualplan/world-state';
import { achieves, isFree, maskAt, violates, wideFree, wideHas } from '../domain/cellSet.js';
import { describeSet } from '../domain/describeCell.js';
import type { CompiledGoal, GoapDomain } from '../domain/GoapDomain.js';
import * as Touch from '../domain/Touch.js';
import type { GoapResult } from '../search/GoapResult.js';
import * as Verdict from '../search/Verdict.js';

/** A condition the planner needed that no usable action can achieve. */
export interface UnachievableCondition {
  readonly condition: string;
  /** The goal or action whose requirement it is. */
  readonly neededBy: string;
  /** Actions with an effect on the key, and why each cannot achieve the condition. */
  readonly candidates: readonly { readonly action: string; readonly reason: string }[];
}

/** The "why no plan" summary. */
export interface WhyNoPlan {
  readonly goal: string;
  readonly unachievable: readonly UnachievableCondition[];
  /** One readable paragraph. */
  readonly summary: string;
}

/** What the analysis reads from a search: its domain, start state, outcome and per-action usability. @internal */
export interface NoPlanSource {
  readonly domain: GoapDomain;
  readonly start: WorldState<any>;
  readonly result: GoapResult;
  /** 0 when action `a` is usable in the search, else why not (a `Verdict` code). */
  usable(a: number): number;
}

/**
 * "Why no plan" for a search (see `whyNoPlan`): starting from the goal
 * conditions the start state does not satisfy, follow usable achievers'
 * conditions (a relaxed analysis, ignoring interactions) and list every
 * needed condition that no usable action can achieve, with why each candidate fails.
 * @internal
 */
export function explainNoPlan(planner: NoPlanSource, goal: CompiledGoal | null = planner.result.goal): WhyNoPlan {
  if (!goal) return { goal: '', unachievable: [], summary: 'No search has run.' };
  const d = planner.domain;
  const schema = d.schema;
  const s0 = planner.start.values;
  const T = d.touch;
  const unachievable: UnachievableCondition[] = [];
  const seen = new Set<string>();
  const queue: { cell: number; a: number; b: number; neededBy: string }[] = [];
  const box = new Int32Array(2);
  // Masks of enums of more than 32 values: the domain's, then the goal's (a wide cell set is an offset here).
  const pool = Array.from(d.sets);
  const push = (cell: number, a: number, b: number, neededBy: string) => {
    box[0] = a;
    box[1] = b;
    const key = `${cell}:${a}:${b}`;
    const violated = d.wide[cell] === 1 ? !wideHas(pool, a, s0[cell]) : violates(box, 0, 0, d.isInt[cell] === 1, s0[cell]);
    if (!violated || seen.has(key)) return;
    seen.add(key);
    queue.push({ cell, a, b, neededBy });
  };
  for (const c of goal.cells) {
    const o = d.offset[c];
    if (d.wide[c] === 1) {
      push(c, pool.length, 0, `goal ${goal.name}`);
      for (let w = 0, W = (schema.max[c] + 32) >>> 5; w < W; w++) pool.push(goal.words[o + w]);
    } else if (d.isInt[c]) push(c, goal.words[o], goal.words[o + 1], `goal ${goal.name}`);
    else push(c, maskAt(goal.words, o, d.shift[c], d.full[c]), 0, `goal ${goal.name}`);
  }
  while (queue.length > 0) {
    const { cell, a, b, neededBy } = queue.shift()!;
    const condition = describeSet(d, cell, a, b, pool);
    const candidates: { action: string; reason: string }[] = [];
    const achievers: number[] = [];
    for (let k = d.indexStart[cell]; k < d.indexStart[cell + 1]; k++) {
      const act = d.indexActions[k];
      const name = d.actionNames[act];
      const effect = d.indexTouch[k] * Touch.size;
      if (d.wide[cell] === 1 ? !wideHas(pool, a, T[effect + Touch.effValue]) : !achieves(T, effect, d.isInt[cell] === 1, a, b, cell, schema.min, schema.max)) {
        candidates.push({ action: name, reason: `its effect on ${schema.nameOf(cell)} does not satisfy it` });
        continue;
      }
      const use = planner.usable(act);
      if (use !== 0) {
        candidates.push({
          action: name,
          reason: use === Verdict.procedural ? 'its procedural check fails on the current state' : 'its cost is Infinity (unusable now)',
        });
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
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        const free =
          d.wide[c] === 1
            ? wideFree(d.sets, T[k + Touch.allowA], schema.max[c] + 1)
            : isFree(T, k + Touch.allowA, 0, d.isInt[c] === 1, c, schema.min, schema.max, d.full);
        if (!free) push(c, T[k + Touch.allowA], T[k + Touch.allowB], `action ${d.actionNames[act]}`);
      }
    }
  }
  const summary =
    unachievable.length === 0
      ? `Every condition needed for goal ${goal.name} has a usable achiever: the failure comes from interactions between actions (conflicting effects or conditions)${planner.result.status === 'budget' ? ` or the ${planner.result.budget} budget` : ''}.`
      : `No plan for goal ${goal.name}: ` +
        unachievable
          .map(
            (u) =>
              `${u.condition} (needed by ${u.neededBy}) ${u.candidates.length === 0 ? 'is not an effect of any action' : `cannot be achieved: ${u.candidates.map((c) => `${c.action}: ${c.reason}`).join('; ')}`}`,
          )
          .join('. ') +
        '.';
  return { goal: goal.name, unachievable, summary };
}
