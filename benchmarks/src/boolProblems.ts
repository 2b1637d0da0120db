import { formatPlanNames } from './format.js';

/**
 * Planner-neutral GOAP problems over boolean atoms. Each peer builds its own
 * idiomatic domain from these, and every peer's plan (a list of action names)
 * is validated by simulation here, so all implementations answer one question.
 */
export interface BoolAction {
  readonly name: string;
  readonly cost: number;
  readonly pre: Readonly<Record<string, boolean>>;
  readonly eff: Readonly<Record<string, boolean>>;
}

export interface BoolProblem {
  readonly name: string;
  readonly atoms: readonly string[];
  readonly start: Readonly<Record<string, boolean>>;
  readonly goal: Readonly<Record<string, boolean>>;
  readonly actions: readonly BoolAction[];
  readonly optimalCost: number;
}

const act = (name: string, cost: number, pre: Record<string, boolean>, eff: Record<string, boolean>): BoolAction => ({ name, cost, pre, eff });

/** The classic soldier (issue 4): optimal cost 4, e.g. scout, load, aim, shoot. */
export function soldierProblem(): BoolProblem {
  const atoms = ['armedwithgun', 'enemyvisible', 'nearenemy', 'weaponloaded', 'enemylinedup', 'enemyalive', 'armedwithbomb', 'alive'];
  return {
    name: 'soldier',
    atoms,
    start: {
      armedwithgun: true,
      enemyvisible: false,
      nearenemy: false,
      weaponloaded: false,
      enemylinedup: false,
      enemyalive: true,
      armedwithbomb: true,
      alive: true,
    },
    goal: { enemyalive: false, alive: true },
    actions: [
      act('scout', 1, { armedwithgun: true }, { enemyvisible: true }),
      act('approach', 1, { enemyvisible: true }, { nearenemy: true }),
      act('aim', 1, { enemyvisible: true, weaponloaded: true }, { enemylinedup: true }),
      act('shoot', 1, { enemylinedup: true }, { enemyalive: false }),
      act('load', 1, { armedwithgun: true }, { weaponloaded: true }),
      act('detonatebomb', 5, { armedwithbomb: true, nearenemy: true }, { alive: false, enemyalive: false }),
      act('flee', 1, { enemyvisible: true }, { nearenemy: false }),
    ],
    optimalCost: 4,
  };
}

/** "Fire": axe (2) then chop (4), or branches (8); then make fire (1). Optimum 7. */
export function fireProblem(): BoolProblem {
  return {
    name: 'fire',
    atoms: ['hasAxe', 'hasWood', 'hasFire'],
    start: { hasAxe: false, hasWood: false, hasFire: false },
    goal: { hasFire: true },
    actions: [
      act('getAxe', 2, {}, { hasAxe: true }),
      act('chopWood', 4, { hasAxe: true }, { hasWood: true }),
      act('collectBranches', 8, {}, { hasWood: true }),
      act('makeFire', 1, { hasWood: true }, { hasFire: true }),
    ],
    optimalCost: 7,
  };
}

/** chain(k): A_i (1; ¬a_i → a_i), B_i (1; a_i → g_i), decoy C_i (3; → g_i). Goal all g_i. Optimum 2k. */
export function chainProblem(k: number): BoolProblem {
  const atoms: string[] = [];
  const start: Record<string, boolean> = {};
  const goal: Record<string, boolean> = {};
  const actions: BoolAction[] = [];
  for (let i = 0; i < k; i++) {
    atoms.push(`a${i}`, `g${i}`);
    start[`a${i}`] = false;
    start[`g${i}`] = false;
    goal[`g${i}`] = true;
    actions.push(act(`A${i}`, 1, { [`a${i}`]: false }, { [`a${i}`]: true }));
    actions.push(act(`B${i}`, 1, { [`a${i}`]: true }, { [`g${i}`]: true }));
    actions.push(act(`C${i}`, 3, {}, { [`g${i}`]: true }));
  }
  return { name: `chain(${k})`, atoms, start, goal, actions, optimalCost: 2 * k };
}

export interface PlanVerdict {
  readonly valid: boolean;
  readonly optimal: boolean;
  readonly cost: number;
  readonly detail: string;
  /** Steps in the plan (valid or not); absent when there is no plan. */
  readonly planLength?: number;
}

/** Simulate a plan (action names) from the start state; it must reach the goal. */
export function judgeBoolPlan(problem: BoolProblem, plan: readonly string[] | null | undefined, optimalCost = problem.optimalCost): PlanVerdict {
  if (!plan) return { valid: false, optimal: false, cost: Number.NaN, detail: 'no plan' };
  const state: Record<string, boolean> = { ...problem.start };
  const shown = formatPlanNames(plan);
  const planLength = plan.length;
  let cost = 0;
  for (const name of plan) {
    const a = problem.actions.find((x) => x.name === name);
    if (!a) return { valid: false, optimal: false, cost, planLength, detail: `unknown action ${name}` };
    for (const [k, v] of Object.entries(a.pre)) {
      if (state[k] !== v) return { valid: false, optimal: false, cost, planLength, detail: `${name}: precondition ${k}=${v} fails in ${shown}` };
    }
    Object.assign(state, a.eff);
    cost += a.cost;
  }
  for (const [k, v] of Object.entries(problem.goal)) {
    if (state[k] !== v) return { valid: false, optimal: false, cost, planLength, detail: `goal ${k}=${v} not reached by ${shown}` };
  }
  const optimal = cost === optimalCost;
  return { valid: true, optimal, cost, planLength, detail: `${shown} (cost ${cost}${optimal ? '' : `, optimum ${optimalCost}`})` };
}
