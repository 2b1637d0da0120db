/**
 * Where a search's limits sit in the `Float64Array` its search shares with its expanders (an array, so the hot loops
 * read them as plain doubles, never boxed): the cost from which nodes are dropped (Infinity: none; an anytime search
 * bounds each round by its best plan) and the `performance.now()` past which the current slice's time budget is spent.
 * @internal
 */
export const Limit = { costBound: 0, deadline: 1 } as const;
