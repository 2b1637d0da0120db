// Per domain: the index tables planners over it have built, by content.
const interned = new WeakMap<object, Map<string, Int32Array>>();

/**
 * @internal One read-only `Int32Array` of `values` per `domain` and content, shared by every planner
 * that builds the same table (a crowd of agents plugging the same sub-domains). Plan-time reads of a
 * table every planner shares stay in cache; 1,000 planners each reading its own copy miss it, and in
 * a crowd those misses cost more than the search that reads them. Callers never write to the result.
 * @example
 * sharedInts(domain, [-1, -1]) === sharedInts(domain, [-1, -1]); // true
 */
export function sharedInts(domain: object, values: ArrayLike<number>): Int32Array {
  let byContent = interned.get(domain);
  if (byContent === undefined) interned.set(domain, (byContent = new Map()));
  const key = Array.prototype.join.call(values, ',');
  let table = byContent.get(key);
  if (table === undefined) byContent.set(key, (table = Int32Array.from(values)));
  return table;
}
