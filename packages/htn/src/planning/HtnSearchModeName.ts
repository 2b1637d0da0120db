/**
 * The name of an HTN search mode (`HtnPlannerOptions.mode`): `'ordered'`, depth-first over methods in order
 * with chronological backtracking, MTR, traces and pause points; `'best-first'`, the cheapest decomposition by
 * plan cost. The registry in `searchModes.ts` has exactly these entries (the compiler checks it).
 */
export type HtnSearchModeName = 'ordered' | 'best-first';
