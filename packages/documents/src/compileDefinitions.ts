import { defineActions } from '@dualplan/world-state';
import { compileHtnDomain, type HtnDomain } from '@dualplan/htn';
import { compileGoapDomain, type GoapDomain } from '@dualplan/goap';
import { compact, type DomainDefinitions } from './documentToDefinitions.js';

/** The planners' domains compiled from one set of definitions. */
export interface CompiledDomains<Ctx = any> {
  /** Present when the definitions have an HTN part. */
  readonly htn: HtnDomain | null;
  /** Present when the definitions have GOAP goals. */
  readonly goap: GoapDomain<Ctx> | null;
}

/**
 * Compile definitions for both planners from the one action set
 * (`defineActions`): GOAP takes it with the goals, HTN with the compound tasks.
 * Throws the compilers' typed errors, naming the action, task, goal or key.
 * @example
 * const { htn, goap } = compileDefinitions(defs);
 * new HtnPlanner(htn!).plan(state);
 */
export function compileDefinitions<Ctx = any>(defs: DomainDefinitions<Ctx>): CompiledDomains<Ctx> {
  const actions = defineActions<typeof defs.schema, readonly (typeof defs.actions)[number][], Ctx>(defs.schema, defs.actions);
  const goap = defs.goals ? compileGoapDomain<string, Ctx>(actions, { goals: defs.goals }) : null;
  const htn = defs.htn
    ? compileHtnDomain(actions, { ...compact({ name: defs.name, root: defs.htn.root }), tasks: [...defs.htn.tasks, ...(defs.htn.parallel ?? [])] })
    : null;
  return { htn, goap };
}
