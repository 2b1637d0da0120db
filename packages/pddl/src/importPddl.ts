import { createState, type ActionSet, type WorldState } from '@dualplan/world-state';
import type { GoapDomain } from '@dualplan/goap';
import type { GroundTask } from './GroundAction.js';
import type { PddlDomain, PddlProblem } from './PddlDomain.js';
import { encodeTask, type EncodedTask } from './encodeTask.js';
import { findMutexGroups } from './findMutexGroups.js';
import { actionSetOf, goapDomainOf, PDDL_GOAL } from './goapDomainOf.js';
import { groundTask } from './groundTask.js';
import { parseDomain } from './parseDomain.js';
import { parseProblem } from './parseProblem.js';

/** Everything an import produces, from the parsed files to a GOAP domain ready to plan. */
export interface PddlImport extends EncodedTask {
  readonly domain: PddlDomain;
  readonly problem: PddlProblem;
  readonly task: GroundTask;
  /** The ground actions as one action set (for either planner). */
  readonly actionSet: ActionSet;
  /** The GOAP domain with one goal named {@link PDDL_GOAL}. */
  readonly goap: GoapDomain;
  /** The problem's initial state (also the schema's defaults). */
  readonly start: WorldState<any>;
  readonly goalName: typeof PDDL_GOAL;
}

/** Options of the PDDL import: file names for messages and how atoms are encoded as world-state keys. */
export interface ImportOptions {
  /** File names for error messages. */
  readonly domainFile?: string;
  readonly problemFile?: string;
  /** Encode mutex groups as enum keys (default true); false gives one bool per atom. */
  readonly mutexGroups?: boolean;
  /** Stop with a `TOO_LARGE` error past this many ground actions (default 10⁶). */
  readonly maxActions?: number;
}

/**
 * Import a PDDL domain and problem for GOAP: parse, ground (static pruning,
 * relaxed reachability), find mutex groups and encode them as merged-bool
 * keys, and compile a GOAP domain. Errors are {@link PddlError}s naming file,
 * line, column and construct.
 * @example
 * const p = importPddl(GRIPPER_DOMAIN, gripperProblem({ balls: 4 }));
 * const result = new GoapPlanner(p.goap, { weight: 0, maxExpansions: 1e6 }).plan(p.start, undefined, { goal: p.goalName });
 * result.plan?.cost; // 11
 */
export function importPddl(domainText: string, problemText: string, options: ImportOptions = {}): PddlImport {
  const domain = parseDomain(domainText, options.domainFile);
  const problem = parseProblem(problemText, domain, options.problemFile);
  const task = groundTask(domain, problem, { maxActions: options.maxActions });
  const encoded = encodeTask(task, options.mutexGroups === false ? [] : findMutexGroups(task));
  const actionSet = actionSetOf(encoded.schema, encoded.actions);
  const goap = goapDomainOf(actionSet, encoded.goal);
  return { ...encoded, domain, problem, task, actionSet, goap, start: createState(encoded.schema), goalName: PDDL_GOAL };
}
