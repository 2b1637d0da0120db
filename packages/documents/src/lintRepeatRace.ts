import type { DocumentRepeat, DocumentSubtask } from './DomainDocument.js';
import { pointer } from './DomainDocumentError.js';
import type { LintContext } from './LintContext.js';

/**
 * The rules of repeats and races: a repeat without a bound (`REPEAT_UNBOUNDED`: no `times`) or of 0 passes
 * (`REPEAT_ZERO`), both errors the loader would throw too; a race with one branch (`RACE_ONE_BRANCH`): an empty
 * branch (an error), or a branch whose every subtask is optional, which may plan nothing, and then the section
 * runs as a plain one with nothing to race (a warning).
 */
export function lintRepeatRace(ctx: LintContext): void {
  const htn = ctx.doc.htn;
  if (htn === undefined) return;
  htn.tasks.forEach((t, i) => {
    if (t.repeat !== undefined) repeat(ctx, t.repeat, t.name, pointer('/htn/tasks', i, 'repeat'));
    t.methods.forEach((m, mi) => {
      if (m.repeat !== undefined) repeat(ctx, m.repeat, `${t.name}/${m.name ?? `${t.name}#${mi}`}`, pointer('/htn/tasks', i, 'methods', mi, 'repeat'));
    });
  });
  (htn.parallel ?? []).forEach((p, i) => {
    if (p.race !== true) return;
    for (const which of ['primary', 'secondary'] as const) {
      const list = p[which];
      const path = pointer('/htn/parallel', i, which);
      if (list.length === 0)
        ctx.report('RACE_ONE_BRANCH', 'error', p.name, path, `race "${p.name}" has an empty ${which} branch: a race needs two branches to race.`);
      else if (list.every(optional))
        ctx.report(
          'RACE_ONE_BRANCH',
          'warning',
          p.name,
          path,
          `every subtask of the ${which} branch of race "${p.name}" is optional: when it plans no step, the other branch runs alone and nothing races.`,
        );
    }
  });
}

function repeat(ctx: LintContext, r: DocumentRepeat, subject: string, path: string): void {
  if (r.times === undefined)
    ctx.report(
      'REPEAT_UNBOUNDED',
      'error',
      subject,
      path,
      `the repeat of "${subject}" has no bound: give times, the most passes${r.while !== undefined ? ' (while alone may hold for ever)' : ''}.`,
    );
  else if (r.times === 0)
    ctx.report('REPEAT_ZERO', 'error', subject, pointer(path, 'times'), `the repeat of "${subject}" runs 0 passes: its subtasks never run.`);
}

function optional(s: DocumentSubtask): boolean {
  return typeof s === 'object' && ('optional' in s || 'pause' in s);
}
