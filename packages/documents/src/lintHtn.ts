import type { DocumentCompound, DocumentMethod, DocumentSubtask } from './DomainDocument.js';
import { pointer } from './DomainDocumentError.js';
import type { LintContext } from './LintContext.js';
import { allHold, compileCondition, compileEffect, fullSet, narrow } from './valueSets.js';

/** The HTN rules: empty compounds, tasks that never refine to actions, unguarded recursion, shadowed methods, unused slots. */
export function lintHtn(ctx: LintContext): void {
  const tasks = ctx.doc.htn?.tasks;
  if (!tasks) return;
  const index = new Map(tasks.map((t, i) => [t.name, i]));
  tasks.forEach((t, i) => {
    if (t.methods.length === 0)
      ctx.report(
        'EMPTY_COMPOUND',
        'error',
        t.name,
        pointer('/htn/tasks', i, 'methods'),
        `compound task "${t.name}" has no method, so it can never be refined.`,
      );
  });
  refinable(ctx, tasks, index);
  recursion(ctx, tasks, index);
  shadowed(ctx, tasks);
  unusedSlots(ctx, tasks);
}

/** A slot no method or parallel branch calls (and that is not the root) is never planned, whatever an agent plugs into it. */
function unusedSlots(ctx: LintContext, tasks: readonly DocumentCompound[]): void {
  const slots = ctx.doc.htn?.slots ?? [];
  // A computed subtask list may call any task: then nothing can be said.
  if (slots.length === 0 || tasks.some((t) => t.methods.some((m) => !Array.isArray(m.subtasks)))) return;
  const called = new Set<string>([ctx.doc.htn?.root ?? '']);
  const branches = (ctx.doc.htn?.parallel ?? []).flatMap((p) => [...p.primary, ...p.secondary]);
  for (const s of [...tasks.flatMap((t) => t.methods.flatMap(listed)), ...branches]) {
    const group = typeof s === 'object' && 'optional' in s ? [s.optional] : typeof s === 'object' && 'anyOrder' in s ? s.anyOrder : [s];
    for (const r of group) {
      const name = subtaskName(r);
      if (name !== null) called.add(name);
    }
  }
  slots.forEach((name, i) => {
    if (!called.has(name))
      ctx.report(
        'UNUSED_SLOT',
        'warning',
        name,
        pointer('/htn/slots', i),
        `slot "${name}" is never called by a method, so nothing plugged into it is ever planned.`,
      );
  });
}

const subtaskName = (s: DocumentSubtask): string | null => (typeof s === 'string' ? s : 'task' in s ? s.task : null);
const listed = (m: DocumentMethod): readonly DocumentSubtask[] => (Array.isArray(m.subtasks) ? m.subtasks : []);

/** A compound refines when one of its methods has only refinable subtasks (actions, pauses, computed lists count as refinable). */
function refinable(ctx: LintContext, tasks: readonly DocumentCompound[], index: ReadonlyMap<string, number>): void {
  const ok = new Array<boolean>(tasks.length).fill(false);
  const methodOk = (m: DocumentMethod) =>
    !Array.isArray(m.subtasks) ||
    listed(m).every((s) => {
      const name = subtaskName(s);
      const t = name === null ? undefined : index.get(name);
      return t === undefined || ok[t];
    });
  for (let grew = true; grew;) {
    grew = false;
    tasks.forEach((t, i) => {
      if (!ok[i] && t.methods.some(methodOk)) grew = ok[i] = true;
    });
  }
  tasks.forEach((t, i) => {
    if (ok[i] || t.methods.length === 0) return;
    const blockers = new Set<string>();
    for (const m of t.methods)
      for (const s of listed(m)) {
        const name = subtaskName(s);
        if (name !== null && index.has(name) && !ok[index.get(name)!]) blockers.add(name);
      }
    ctx.report(
      'UNREFINABLE_TASK',
      'error',
      t.name,
      pointer('/htn/tasks', i),
      `task "${t.name}" can never be refined into actions: every method needs ${[...blockers].map((b) => `"${b}"`).join(', ')}, which never refine.`,
    );
  });
}

/**
 * Recursion (a cycle of compounds through method subtasks) is guarded when a
 * method condition of a compound on the cycle reads a key that the actions of
 * the recursive methods write: each round then changes what the conditions see.
 * Without that, the same decomposition repeats until the planner's depth limit.
 */
function recursion(ctx: LintContext, tasks: readonly DocumentCompound[], index: ReadonlyMap<string, number>): void {
  const { doc, schema } = ctx;
  const edges = tasks.map(
    (t) =>
      new Set(
        t.methods.flatMap((m) =>
          listed(m)
            .map(subtaskName)
            .filter((n): n is string => n !== null && index.has(n))
            .map((n) => index.get(n)!),
        ),
      ),
  );
  const actions = new Map(doc.actions.map((a) => [a.name, a]));
  for (const scc of components(edges)) {
    const inScc = new Set(scc);
    if (scc.length === 1 && !edges[scc[0]].has(scc[0])) continue;
    if (scc.some((t) => tasks[t].methods.some((m) => !Array.isArray(m.subtasks)))) continue; // computed subtasks: cannot tell
    const read = new Set<number>();
    for (const t of scc)
      for (const m of tasks[t].methods)
        for (const c of m.conditions ?? []) {
          const compiled = compileCondition(schema, c);
          if (compiled) read.add(compiled[0]);
        }
    // Cells written by the actions a recursive method runs, directly or through other compounds.
    const written = new Set<number>();
    let opaque = false;
    const seen = new Set<number>();
    const visit = (name: string) => {
      const a = actions.get(name);
      if (a) {
        for (const e of [...(a.effects ?? []), ...(a.expectedEffects ?? [])]) {
          const compiled = compileEffect(schema, e);
          if (compiled) written.add(compiled[0]);
          else opaque = true;
        }
        return;
      }
      const t = index.get(name);
      if (t === undefined || seen.has(t)) return;
      seen.add(t);
      for (const m of tasks[t].methods)
        for (const s of listed(m)) {
          const n = subtaskName(s);
          if (n !== null) visit(n);
        }
    };
    for (const t of scc)
      for (const m of tasks[t].methods) {
        const subtasks = listed(m).map(subtaskName);
        if (subtasks.some((n) => n !== null && inScc.has(index.get(n) ?? -1)))
          for (const n of subtasks) if (n !== null && !inScc.has(index.get(n) ?? -1)) visit(n);
      }
    if (opaque || [...written].some((c) => read.has(c))) continue;
    const names = scc.map((t) => tasks[t].name);
    ctx.report(
      'UNGUARDED_RECURSION',
      'error',
      names[0],
      pointer('/htn/tasks', scc[0]),
      `task ${names.map((n) => `"${n}"`).join(', ')} recurse${names.length > 1 ? '' : 's'} with no guard: no action on the way writes a key their method conditions read, so the recursion never ends (the planner stops at its depth limit).`,
    );
  }
}

/**
 * Method j is shadowed by an earlier method i when every condition of i holds
 * whenever j's conditions hold: i is then always tried first (j is reached only
 * when i's subtasks fail to plan).
 */
function shadowed(ctx: LintContext, tasks: readonly DocumentCompound[]): void {
  const { schema } = ctx;
  tasks.forEach((t, ti) => {
    const compiled = t.methods.map((m) => (m.conditions ?? []).map((c) => compileCondition(schema, c)));
    t.methods.forEach((m, j) => {
      // The values j's conditions allow, per constrained cell (a superset of the truth: sound for "always holds").
      const allowed = new Map<number, ReturnType<typeof fullSet>>();
      for (const c of compiled[j]) {
        if (c === null) continue;
        if (!allowed.has(c[0])) allowed.set(c[0], fullSet(schema, c[0]));
        narrow(schema, allowed.get(c[0])!, c);
      }
      for (let i = 0; i < j; i++) {
        const earlier = compiled[i];
        if (earlier.some((c) => c === null)) continue;
        if (!earlier.every((c) => allHold(schema, allowed.get(c![0]) ?? fullSet(schema, c![0]), c!))) continue;
        const name = (k: number) => t.methods[k].name ?? `#${k}`;
        ctx.report(
          'SHADOWED_METHOD',
          'warning',
          t.name,
          pointer('/htn/tasks', ti, 'methods', j),
          `method ${name(j)} of task "${t.name}" is never chosen: whenever its conditions hold, the earlier method ${name(i)} applies first (${name(j)} is reached only if ${name(i)}'s subtasks fail).`,
        );
        break;
      }
    });
  });
}

/** Strongly connected components (Tarjan), as lists of task indices. */
function components(edges: readonly ReadonlySet<number>[]): number[][] {
  const order = new Array<number>(edges.length).fill(-1);
  const low = new Array<number>(edges.length).fill(0);
  const onStack = new Array<boolean>(edges.length).fill(false);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const strong = (v: number) => {
    order[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of edges[v]) {
      if (order[w] < 0) {
        strong(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
    }
    if (low[v] === order[v]) {
      const scc: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = false;
        scc.push(w);
      } while (w !== v);
      out.push(scc.reverse());
    }
  };
  for (let v = 0; v < edges.length; v++) if (order[v] < 0) strong(v);
  return out;
}
