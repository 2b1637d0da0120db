// What one task processed the general way came to (GeneralPath.expand): the ordered search's loop goes on after
// OK, backtracks after FAILED, and stops after BUDGET (a budget ran out) or PAUSED (a pause point: a partial plan).
export const FAILED = 0;
export const OK = 1;
export const BUDGET = 2;
export const PAUSED = 3;
