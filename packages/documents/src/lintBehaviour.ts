import type { DocumentCompound, DocumentDecorators, DocumentSubtask } from './DomainDocument.js';
import { pointer } from './DomainDocumentError.js';
import type { LintContext } from './LintContext.js';

/**
 * The behaviour-decorator rules: decorators on a task the HTN root never reaches (in a domain without GOAP goals,
 * which could choose any action), and decorators that can have no effect (`once` per agent makes a cooldown moot;
 * `checkEvery` with nothing checked at run time).
 */
export function lintBehaviour(ctx: LintContext): void {
  const doc = ctx.doc;
  doc.actions.forEach((a, i) => {
    if (a.decorators === undefined) return;
    idle(ctx, a.decorators, a.name, pointer('/actions', i, 'decorators'), (a.executing?.length ?? 0) > 0);
  });
  const tasks = doc.htn?.tasks ?? [];
  tasks.forEach((t, i) => {
    const ticks = t.methods.some((m) => m.check === 'tick');
    if (t.decorators !== undefined) idle(ctx, t.decorators, t.name, pointer('/htn/tasks', i, 'decorators'), ticks);
    t.methods.forEach((m, mi) => {
      if (m.decorators !== undefined)
        idle(ctx, m.decorators, `${t.name}/${m.name ?? `${t.name}#${mi}`}`, pointer('/htn/tasks', i, 'methods', mi, 'decorators'), m.check === 'tick');
    });
  });
  const reached = reachedFromRoot(ctx, tasks);
  if (reached === null) return;
  tasks.forEach((t, i) => {
    const decorated = t.decorators !== undefined || t.methods.some((m) => m.decorators !== undefined);
    if (decorated && !reached.has(t.name)) unreached(ctx, t.name, pointer('/htn/tasks', i), 'compound task');
  });
  // GOAP goals may choose any action: only an HTN-only domain's actions can be unreached.
  if (doc.goap !== undefined) return;
  doc.actions.forEach((a, i) => {
    if (a.decorators !== undefined && !reached.has(a.name)) unreached(ctx, a.name, pointer('/actions', i, 'decorators'), 'action');
  });
}

function unreached(ctx: LintContext, subject: string, path: string, what: string): void {
  ctx.report('UNREACHED_DECORATOR', 'warning', subject, path, `${what} "${subject}" has decorators but the HTN root never reaches it, so they never apply.`);
}

function idle(ctx: LintContext, d: DocumentDecorators, subject: string, path: string, checked: boolean): void {
  const forGood = d.once === true || d.once === 'agent';
  if (forGood && d.cooldown !== undefined)
    ctx.report('IDLE_DECORATOR', 'warning', subject, pointer(path, 'cooldown'), `"${subject}" runs once per agent, so its cooldown never matters.`);
  if (d.checkEvery !== undefined && !checked)
    ctx.report(
      'IDLE_DECORATOR',
      'warning',
      subject,
      pointer(path, 'checkEvery'),
      `"${subject}" has checkEvery but nothing of it is checked while it runs (no executing conditions, no check: 'tick').`,
    );
}

/** Every task and action the HTN root reaches through listed subtasks and parallel branches; null when that cannot be known. */
function reachedFromRoot(ctx: LintContext, tasks: readonly DocumentCompound[]): Set<string> | null {
  const htn = ctx.doc.htn;
  // No root, or a computed subtask list (it may call anything): nothing can be said.
  if (htn?.root === undefined || tasks.some((t) => t.methods.some((m) => !Array.isArray(m.subtasks)))) return null;
  const byName = new Map(tasks.map((t) => [t.name, t]));
  const parallel = new Map((htn.parallel ?? []).map((p) => [p.name, [...p.primary, ...p.secondary]]));
  const reached = new Set<string>();
  const visit = (name: string): void => {
    if (reached.has(name)) return;
    reached.add(name);
    const subtasks: readonly DocumentSubtask[] = byName.get(name)?.methods.flatMap((m) => m.subtasks as readonly DocumentSubtask[]) ?? parallel.get(name) ?? [];
    for (const s of subtasks) for (const n of namesIn(s)) visit(n);
  };
  visit(htn.root);
  return reached;
}

function namesIn(s: DocumentSubtask): string[] {
  if (typeof s === 'string') return [s];
  if ('task' in s) return [s.task];
  if ('optional' in s) return namesIn(s.optional);
  if ('anyOrder' in s) return s.anyOrder.flatMap(namesIn);
  return [];
}
