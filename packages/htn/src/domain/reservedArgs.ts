/** The arguments of a call without any. */
export const NO_ARGS: readonly unknown[] = /* @__PURE__ */ Object.freeze([]);
/** The arguments of the pause-task call that closes a method's run-time check scope. */
export const SCOPE_END_ARGS: readonly unknown[] = /* @__PURE__ */ Object.freeze(['(end of checks)']);
