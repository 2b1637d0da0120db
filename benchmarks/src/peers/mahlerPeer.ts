import { Task, type MethodTask } from 'mahler';
import { Planner } from 'mahler/planner';
import type { BoolProblem } from '../boolProblems.js';
import type { TrollStart } from '../trollScenarios.js';

/** Action descriptions of a mahler plan, in order (our plans are sequential: no forks). */
function planNames(res: { success: boolean; start?: unknown }): string[] | null {
  if (!res.success) return null;
  const names: string[] = [];
  let node = res.start as { _tag: string; action?: { description: string }; next: unknown } | null;
  while (node) {
    if (node._tag !== 'value') throw new Error(`mahler plan has a ${node._tag} node; only sequential plans are compared`);
    names.push(String(node.action!.description));
    node = node.next as typeof node;
  }
  return names;
}

/**
 * A bool problem for mahler: root-lens action tasks whose `effect` mutates a
 * View of the state, and a target object. mahler's planner is a depth-first
 * search, trying tasks in registration order at each level, with loop
 * detection; it has no action costs, so the first plan found is returned.
 */
export function mahlerBoolPlanner(problem: BoolProblem): () => string[] | null {
  type S = Record<string, boolean>;
  const tasks = problem.actions.map((a) =>
    Task.from<S>({
      description: a.name,
      condition: (s) => Object.entries(a.pre).every(([k, v]) => s[k] === v),
      effect: (view) => {
        for (const [k, v] of Object.entries(a.eff)) view._[k] = v;
      },
    }),
  );
  const planner = Planner.from<S>({ tasks });
  const start = { ...problem.start };
  const target = { ...problem.goal };
  return () => planNames(planner.findPlan(start, target));
}

/**
 * The troll for mahler. mahler plans towards a target state, so the troll
 * gets an `acted` flag that every primitive sets and the target `{acted: true}`;
 * BeTrunkThumper's ordered methods are ordered method tasks with conditions
 * (mahler tries them in order and backtracks between them); methods are
 * marked `expansion: 'sequential'`, since mahler's default tries a method's
 * steps as parallel branches from one state and fails when a step needs an
 * earlier step's effect; AttackEnemy's two
 * methods are one method task choosing by state, and it recurses by returning
 * itself as an instruction.
 */
export function mahlerTrollPlanner(start: TrollStart): () => string[] | null {
  type S = { canSeeEnemy: boolean; hasSeenEnemyRecently: boolean; trunkHealth: number; location: string; acted: boolean };
  const prim = (description: string, effect: (s: S) => void, condition: (s: S) => boolean = () => true) =>
    Task.from<S>({
      description,
      condition,
      effect: (view) => {
        effect(view._);
        view._.acted = true;
      },
    });
  const navigateToEnemy = prim('NavigateToEnemy', (s) => {
    s.location = 'Enemy';
  });
  const doTrunkSlam = prim('DoTrunkSlam', (s) => {
    s.trunkHealth = Math.max(0, s.trunkHealth - 1);
  });
  const findTrunk = prim('FindTrunk', () => {});
  const navigateToTrunk = prim('NavigateToTrunk', (s) => {
    s.location = 'Trunk';
  });
  const uprootTrunk = prim('UprootTrunk', (s) => {
    s.trunkHealth = 3;
  });
  const navToLastEnemyLoc = prim('NavToLastEnemyLoc', (s) => {
    s.location = 'LastEnemyLoc';
    s.canSeeEnemy = true;
  });
  const regainLOSRoar = prim(
    'RegainLOSRoar',
    () => {},
    (s) => s.canSeeEnemy,
  );
  const chooseBridge = prim('ChooseBridgeToCheck', () => {});
  const navigateToBridge = prim('NavigateToBridge', (s) => {
    s.location = 'Bridge';
  });
  const checkBridge = prim('CheckBridge', () => {});
  const attackEnemy: MethodTask<S> = Task.from<S>({
    description: 'AttackEnemy',
    expansion: 'sequential',
    method: (s, ctx) =>
      s.trunkHealth > 0
        ? [navigateToEnemy(ctx as never), doTrunkSlam(ctx as never)]
        : [findTrunk(ctx as never), navigateToTrunk(ctx as never), uprootTrunk(ctx as never), attackEnemy(ctx as never)],
  });
  const tasks = [
    Task.from<S>({ description: 'AttackWhenSeen', expansion: 'sequential', condition: (s) => s.canSeeEnemy, method: (_s, ctx) => [attackEnemy(ctx as never)] }),
    Task.from<S>({
      description: 'RegainLOS',
      expansion: 'sequential',
      condition: (s) => s.hasSeenEnemyRecently,
      method: (_s, ctx) => [navToLastEnemyLoc(ctx as never), regainLOSRoar(ctx as never)],
    }),
    Task.from<S>({
      description: 'Patrol',
      expansion: 'sequential',
      method: (_s, ctx) => [chooseBridge(ctx as never), navigateToBridge(ctx as never), checkBridge(ctx as never)],
    }),
  ];
  const planner = Planner.from<S>({ tasks });
  const state: S = {
    canSeeEnemy: start.CanSeeEnemy,
    hasSeenEnemyRecently: start.HasSeenEnemyRecently,
    trunkHealth: start.TrunkHealth,
    location: 'Bridge',
    acted: false,
  };
  return () => planNames(planner.findPlan(state, { acted: true }));
}
