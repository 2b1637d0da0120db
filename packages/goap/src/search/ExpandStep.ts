// What a search's expansion does after one candidate, in both the general path (Expander) and the small-domain
// fast path (BitSearch). Plain constants, so bundles inline them.

/** Go on with the next candidate. @internal */
export const GO_ON = 0;
/** Stop expanding this node: the plan-length limit cut it. @internal */
export const STOP = 1;
/** Fail the search: the node pool is full. @internal */
export const FULL = 2;

/** How the general path checks one candidate: regression, or progression checking every condition or none (the decision tree decided them). @internal */
export const Check = { backward: 0, forward: 1, effectsOnly: 2 } as const;
