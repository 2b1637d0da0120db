// Compiled and run by scripts/checkPackages.mjs in a fresh project that installs only this package (with goap and world-state).
import { GoapPlanner } from '@dualplan/goap';
import { importPddl, solveExhaustive, PddlError, GRIPPER_DOMAIN, gripperProblem } from '@dualplan/pddl';

const p = importPddl(GRIPPER_DOMAIN, gripperProblem({ balls: 2 }));
const result = new GoapPlanner(p.goap, { weight: 0 }).plan(p.start, undefined, { goal: p.goalName });
if (result.status !== 'found' || result.plan.cost !== 5 || solveExhaustive(p.task)?.cost !== 5) throw new Error('pddl consumer smoke failed');
try {
  importPddl('(define (domain d) (:predicates (p)) (:action a :effect (when (p) (p))))', '');
  throw new Error('expected a PddlError');
} catch (e) {
  if (!(e instanceof PddlError) || e.code !== 'UNSUPPORTED') throw e;
}
