import { pointer } from './DomainDocumentError.js';
import type { LintContext } from './LintContext.js';

/**
 * The rules of plan adjustment: `adjustable` on the root task (an error: planning the root again is a full replan,
 * and the planner refuses it), and on a compound whose part of a plan cannot change when planned again (one method,
 * no conditions, only actions as subtasks: a warning, the flag does nothing).
 * @example
 * lintAdjustable(ctx); // reports ADJUSTABLE_ROOT, FIXED_ADJUSTABLE
 */
export function lintAdjustable(ctx: LintContext): void {
  const htn = ctx.doc.htn;
  if (!htn) return;
  const actions = new Set(ctx.doc.actions.map((a) => a.name));
  const root = htn.root ?? htn.tasks[0]?.name;
  htn.tasks.forEach((t, i) => {
    if (t.adjustable !== true) return;
    const path = pointer('/htn/tasks', i, 'adjustable');
    if (t.name === root) {
      ctx.report('ADJUSTABLE_ROOT', 'error', t.name, path, `the root task "${t.name}" cannot be adjustable: planning it again is a full replan.`);
      return;
    }
    const only = t.methods.length === 1 ? t.methods[0] : null;
    if (
      only !== null &&
      (only.conditions ?? []).length === 0 &&
      Array.isArray(only.subtasks) &&
      only.subtasks.every((s) => typeof s === 'string' && actions.has(s))
    )
      ctx.report(
        'FIXED_ADJUSTABLE',
        'warning',
        t.name,
        path,
        `compound task "${t.name}" is adjustable but has one unconditional method of actions only: planning it again always gives the same steps.`,
      );
  });
}
