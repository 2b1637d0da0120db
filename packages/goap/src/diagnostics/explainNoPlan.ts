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
  return nameNoPlan(planner.domain, goal, planner.result.status === 'budget' ? planner.result.budget : null, analyseNoPlan(planner, goal));
}

// The analysis's queue and findings: per condition its cell, the two words of its set (or, for an enum of more
// than 32 values, its offset in the pool) and who needs it (-1: the goal, else an action).
const CELL = 0;
const SET_A = 1;
const SET_B = 2;
const NEEDED_BY = 3;
const CONDITION = 4;
/** Why a candidate cannot achieve a condition, besides `usable()`'s verdict codes. */
const NO_SATISFYING_EFFECT = 0;

/** The domain's sets, then each wide cell's set of the goal: what the analysis's wide offsets index. */
function setPool(d: GoapDomain, goal: CompiledGoal): ArrayLike<number> {
  let pool: number[] | null = null;
  for (const c of goal.cells) {
    if (d.wide[c] !== 1) continue;
    pool ??= Array.from(d.sets);
    for (let w = 0, o = d.offset[c], W = (d.schema.max[c] + 32) >>> 5; w < W; w++) pool.push(goal.words[o + w]);
  }
  return pool ?? d.sets;
}

/** The analysis's working arrays, reused from call to call (a call while one runs, from a cost function, makes its own). */
let spare: { queue: number[]; found: number[]; achievers: number[]; box: number[] } | null = null;
const NOTHING_FOUND: number[] = [];

/**
 * The analysis of {@link explainNoPlan}, as numbers, made when the search ends
 * (it asks the search which actions are usable): per unachievable condition its
 * {@link CONDITION} fields, then how many candidates, then per candidate its
 * action and why it fails ({@link NO_SATISFYING_EFFECT} or `usable()`'s code).
 * {@link nameNoPlan} puts it in words, any time later.
 * @internal
 */
export function analyseNoPlan(planner: NoPlanSource, goal: CompiledGoal): number[] {
  const work = spare ?? { queue: [], found: [], achievers: [], box: [0, 0] };
  spare = null;
  try {
    return analyse(planner, goal, work.queue, work.found, work.achievers, work.box);
  } finally {
    spare = work;
  }
}

function analyse(planner: NoPlanSource, goal: CompiledGoal, queue: number[], found: number[], achievers: number[], box: number[]): number[] {
  const d = planner.domain;
  const schema = d.schema;
  const s0 = planner.start.values;
  const T = d.touch;
  // Lengths of the reused arrays (never shrunk: entries past these are stale).
  let foundLength = 0;
  // Every condition queued so far (never removed: also what was seen), `next` the first not yet analysed.
  let queued = 0;
  let next = 0;
  const pool = setPool(d, goal);
  let wideAt = d.sets.length;
  // A wide condition's `a` is its set's offset in the pool (the goal's wide sets are in it from the start).
  const push = (cell: number, a: number, b: number, neededBy: number) => {
    box[0] = a;
    box[1] = b;
    const violated = d.wide[cell] === 1 ? !wideHas(pool, a, s0[cell]) : violates(box, 0, 0, d.isInt[cell] === 1, s0[cell]);
    if (!violated) return;
    for (let q = 0; q < queued; q += CONDITION) if (queue[q + CELL] === cell && queue[q + SET_A] === a && queue[q + SET_B] === b) return;
    queue[queued + CELL] = cell;
    queue[queued + SET_A] = a;
    queue[queued + SET_B] = b;
    queue[queued + NEEDED_BY] = neededBy;
    queued += CONDITION;
  };
  for (const c of goal.cells) {
    const o = d.offset[c];
    if (d.wide[c] === 1) {
      push(c, wideAt, 0, -1);
      wideAt += (schema.max[c] + 32) >>> 5;
    } else if (d.isInt[c]) push(c, goal.words[o], goal.words[o + 1], -1);
    else push(c, maskAt(goal.words, o, d.shift[c], d.full[c]), 0, -1);
  }
  while (next < queued) {
    const cell = queue[next + CELL];
    const a = queue[next + SET_A];
    const b = queue[next + SET_B];
    const at = foundLength;
    found[at + CELL] = cell;
    found[at + SET_A] = a;
    found[at + SET_B] = b;
    found[at + NEEDED_BY] = queue[next + NEEDED_BY];
    found[at + CONDITION] = 0;
    foundLength += CONDITION + 1;
    next += CONDITION;
    let achieved = 0;
    for (let k = d.indexStart[cell]; k < d.indexStart[cell + 1]; k++) {
      const act = d.indexActions[k];
      const effect = d.indexTouch[k] * Touch.size;
      if (d.wide[cell] === 1 ? !wideHas(pool, a, T[effect + Touch.effValue]) : !achieves(T, effect, d.isInt[cell] === 1, a, b, cell, schema.min, schema.max)) {
        found[foundLength++] = act;
        found[foundLength++] = NO_SATISFYING_EFFECT;
        continue;
      }
      const use = planner.usable(act);
      if (use !== 0) {
        found[foundLength++] = act;
        found[foundLength++] = use;
        continue;
      }
      achievers[achieved++] = act;
    }
    if (achieved === 0) {
      found[at + CONDITION] = (foundLength - at - CONDITION - 1) / 2;
      continue;
    }
    foundLength = at;
    for (let i = 0; i < achieved; i++) {
      const act = achievers[i];
      for (let t = d.touchStart[act]; t < d.touchStart[act + 1]; t++) {
        const k = t * Touch.size;
        const c = T[k + Touch.cell];
        const free =
          d.wide[c] === 1
            ? wideFree(d.sets, T[k + Touch.allowA], schema.max[c] + 1)
            : isFree(T, k + Touch.allowA, 0, d.isInt[c] === 1, c, schema.min, schema.max, d.full);
        if (!free) push(c, T[k + Touch.allowA], T[k + Touch.allowB], act);
      }
    }
  }
  return foundLength === 0 ? NOTHING_FOUND : found.slice(0, foundLength);
}

/** The findings of {@link analyseNoPlan} in words; `budget` names the budget that stopped the search, if one did. @internal */
export function nameNoPlan(d: GoapDomain, goal: CompiledGoal, budget: string | null, found: readonly number[]): WhyNoPlan {
  const schema = d.schema;
  const pool = setPool(d, goal);
  const unachievable: UnachievableCondition[] = [];
  for (let i = 0; i < found.length;) {
    const cell = found[i + CELL];
    const neededBy = found[i + NEEDED_BY];
    const n = found[i + CONDITION];
    const condition = describeSet(d, cell, found[i + SET_A], found[i + SET_B], pool);
    const candidates: { action: string; reason: string }[] = [];
    i += CONDITION + 1;
    for (let k = 0; k < n; k++, i += 2) {
      const why = found[i + 1];
      candidates.push({
        action: d.actionNames[found[i]],
        reason:
          why === NO_SATISFYING_EFFECT
            ? `its effect on ${schema.nameOf(cell)} does not satisfy it`
            : why === Verdict.procedural
              ? 'its procedural check fails on the current state'
              : why === Verdict.unavailable
                ? 'the agent may not choose it now (on cooldown or done once)'
                : 'its cost is Infinity (unusable now)',
      });
    }
    unachievable.push({ condition, neededBy: neededBy < 0 ? `goal ${goal.name}` : `action ${d.actionNames[neededBy]}`, candidates });
  }
  const summary =
    unachievable.length === 0
      ? `Every condition needed for goal ${goal.name} has a usable achiever: the failure comes from interactions between actions (conflicting effects or conditions)${budget !== null ? ` or the ${budget} budget` : ''}.`
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
