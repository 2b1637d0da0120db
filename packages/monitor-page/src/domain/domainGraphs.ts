import type { AgentRecording, PlanningRun, UsageCounts } from '@dualplan/monitor';
import type { GraphLink } from '../searchGraph.js';
import { enables, type DomainOutline, type OutlineItem } from './DomainOutline.js';

/** A box of the domain view: one action, compound, method, slot or goal. */
export interface DomainBox {
  readonly id: string;
  readonly name: string;
  readonly kind: OutlineItem['kind'];
  readonly title: string;
  readonly lines: readonly string[];
  /** The worst lint finding on it, or null. */
  readonly severity: 'error' | 'warning' | null;
  /** On the highlighted run's path (its plan, the methods it chose, the goal it planned for). */
  readonly onPath: boolean;
  /** Matches the name filter (always true without one). */
  readonly match: boolean;
}

/** A link: compound → method → subtask (HTN), or action → action or goal through an effect that meets a condition (GOAP). */
export type DomainLink = GraphLink;

export interface DomainGraph {
  readonly boxes: readonly DomainBox[];
  readonly links: readonly DomainLink[];
}

/** What the two graphs are drawn with besides the outline. */
export interface DomainGraphOptions {
  /** The recording of the agent whose counts (considered, selected, failed) each box shows. */
  readonly agent?: AgentRecording;
  /** The run drawn as a path through the domain. */
  readonly run?: PlanningRun | null;
  /** Case-insensitive part of a name: matching boxes are marked, the others dimmed. */
  readonly filter?: string;
}

/**
 * The names a planning run went through: its plan's steps, the methods its
 * searches kept (`Compound.method`) and the compounds they belong to, the goal it planned for.
 * @example
 * runPath(run).has('BeTrunkThumper.Patrol'); // true when the run chose that method
 */
export function runPath(run: PlanningRun): Set<string> {
  const names = new Set<string>(run.plan?.steps.map((s) => s.task) ?? []);
  if (run.plan) names.add(run.plan.target);
  for (const g of run.goals) if (g.chosen) names.add(g.name);
  for (const search of run.searches) {
    for (const c of search.candidates) {
      const node = search.nodes[c.node];
      if (c.verdict !== 'kept' || node?.kind !== 'compound' || !node.onPath) continue;
      names.add(node.label);
      names.add(`${node.label}.${c.name}`);
    }
  }
  return names;
}

const countsOf = (agent: AgentRecording | undefined, item: OutlineItem): UsageCounts | undefined => {
  const s = agent?.stats;
  if (!s) return undefined;
  return item.kind === 'action'
    ? s.actions[item.name]
    : item.kind === 'method'
      ? s.methods[item.name]
      : item.kind === 'compound'
        ? s.compounds[item.name]
        : s.goals[item.name];
};

function box(item: OutlineItem, options: DomainGraphOptions, path: Set<string>): DomainBox {
  const lines = [...item.facts, ...item.conditions.map((c) => `if ${c}`), ...item.effects.map((e) => `→ ${e}`)];
  const counts = countsOf(options.agent, item);
  if (options.agent) lines.push(counts ? `considered ${counts.considered} · selected ${counts.selected} · failed ${counts.failed}` : 'never considered');
  for (const f of item.findings) lines.push(`${f.severity === 'error' ? '✖' : '⚠'} ${f.code}: ${f.message}`);
  const filter = options.filter?.trim().toLowerCase() ?? '';
  return {
    id: `${item.kind}:${item.name}`,
    name: item.name,
    kind: item.kind,
    title: item.kind === 'method' ? `method ${item.name.slice(item.name.indexOf('.') + 1)}` : `${item.kind === 'compound' ? 'task ' : ''}${item.name}`,
    lines,
    severity: item.findings.some((f) => f.severity === 'error') ? 'error' : item.findings.length ? 'warning' : null,
    onPath: path.has(item.name),
    match: filter === '' || item.name.toLowerCase().includes(filter),
  };
}

/**
 * The HTN tree: each compound task with its methods in order (with their
 * conditions), each method with its subtasks (compounds, actions and slots,
 * shared where several methods call them); in a domain without goals, the
 * actions no method calls too.
 * @example
 * const { boxes, links } = htnGraph(outlineFromDocument(doc));
 */
export function htnGraph(outline: DomainOutline, options: DomainGraphOptions = {}): DomainGraph {
  const path = options.run ? runPath(options.run) : new Set<string>();
  const byName = new Map(outline.items.filter((i) => i.kind !== 'goal' && i.kind !== 'method').map((i) => [i.name, i]));
  const methods = new Map(outline.items.filter((i) => i.kind === 'method').map((i) => [i.name, i]));
  const boxes: DomainBox[] = [];
  const links: DomainLink[] = [];
  const drawn = new Set<string>();
  const idOf = (item: OutlineItem) => `${item.kind}:${item.name}`;
  // Depth first from the root, then any compound it never reaches, so every task is drawn once.
  const visit = (item: OutlineItem) => {
    if (drawn.has(idOf(item))) return;
    drawn.add(idOf(item));
    boxes.push(box(item, options, path));
    if (item.kind !== 'compound') return;
    item.subtasks.forEach((name, i) => {
      const method = methods.get(name);
      if (!method) return;
      drawn.add(idOf(method));
      boxes.push(box(method, options, path));
      links.push({ from: idOf(item), to: idOf(method), label: `#${i}`, onPath: path.has(name) });
      method.subtasks.forEach((sub, j) => {
        const target = byName.get(sub);
        if (!target) return;
        visit(target);
        links.push({ from: idOf(method), to: idOf(target), label: String(j + 1), onPath: path.has(name) && path.has(sub) });
      });
    });
  };
  const root = outline.root === null ? undefined : byName.get(outline.root);
  if (root) visit(root);
  for (const item of outline.items) if (item.kind === 'compound' || item.kind === 'slot') visit(item);
  // Without a GOAP graph to show them, actions no method calls (or whose methods' subtasks are not known) stand alone here.
  if (!outline.items.some((i) => i.kind === 'goal')) for (const item of outline.items) if (item.kind === 'action') visit(item);
  return { boxes, links };
}

/**
 * The GOAP action graph: every action and goal, an action linked to each
 * action or goal one of its effects can satisfy a condition of (labelled with that condition).
 * @example
 * const { boxes, links } = goapGraph(outlineFromDocument(doc));
 */
export function goapGraph(outline: DomainOutline, options: DomainGraphOptions = {}): DomainGraph {
  const path = options.run ? runPath(options.run) : new Set<string>();
  const nodes = outline.items.filter((i) => i.kind === 'action' || i.kind === 'goal');
  const links: DomainLink[] = [];
  for (const from of nodes) {
    if (from.kind !== 'action') continue;
    for (const to of nodes) {
      if (to === from) continue;
      const met = to.conditions.filter((c) => from.effects.some((e) => enables(e, c)));
      if (met.length)
        links.push({ from: `action:${from.name}`, to: `${to.kind}:${to.name}`, label: met.join(', '), onPath: path.has(from.name) && path.has(to.name) });
    }
  }
  return { boxes: nodes.map((n) => box(n, options, path)), links };
}
