import { compileHtnDomain, type HtnDomain, type PrimitiveDef } from '@dualplan/htn';
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
 * Compile definitions for both planners from the one action set: the actions
 * are GOAP's actions and HTN's primitive tasks. Throws the compilers' typed
 * errors, naming the action, task, goal or key.
 * @example
 * const { htn, goap } = compileDefinitions(defs);
 * new HtnPlanner(htn!).plan(state);
 */
export function compileDefinitions<Ctx = any>(defs: DomainDefinitions<Ctx>): CompiledDomains<Ctx> {
  const goap = defs.goals ? compileGoapDomain<Ctx>(defs.schema, { actions: defs.actions, goals: defs.goals }) : null;
  let htn: HtnDomain | null = null;
  if (defs.htn) {
    const primitives = defs.actions.map(
      (a): PrimitiveDef =>
        compact({
          kind: 'primitive' as const,
          ...a,
          // HTN primitive costs are numbers (best-first mode); a dynamic cost counts as the default 1 there.
          cost: typeof a.cost === 'number' ? a.cost : undefined,
        }) as PrimitiveDef,
    );
    htn = compileHtnDomain(defs.schema, { ...compact({ name: defs.name, root: defs.htn.root }), tasks: [...defs.htn.tasks, ...primitives] });
  }
  return { htn, goap };
}
