// How the planner's fast path handles a static call (the first slot of its header in the fast tables); anything
// unusual (args functions, opaque checks, delegates, pauses) goes the general way. Plain constants, imported as a
// namespace (`CallPath.Slot`), so the bundle folds each use into a literal.

/** The general way (the ordered search's GeneralPath, the best-first search's applyStep). */
export const General = 0;
/** A static primitive with flat conditions and effects: then [condStart, condEnd, effStart, effEnd]. */
export const Primitive = 1;
/** A compound with plain methods, tried in order: then [first method, end method]. */
export const Compound = 2;
/** A random or utility compound with plain methods, tried in the order MethodOrder draws: then [first method, end method]. */
export const Strategy = 3;
/** A slot called without arguments, then [slot index]: the planner's plugged root, or the general way when empty. */
export const Slot = 4;
