import type { AgentRecording, PlanningRun } from '@dualplan/monitor';
import { layoutGraph } from '../layoutGraph.js';
import type { DomainOutline } from '../domain/DomainOutline.js';
import { goapGraph, htnGraph, type DomainGraph, type DomainGraphOptions } from '../domain/domainGraphs.js';
import { h, replace } from './dom.js';
import { drawGraph } from './drawGraph.js';

/** What the domain view shows besides the outline: counts and a run from a recording, and the name filter. */
export interface DomainViewState {
  readonly agent?: AgentRecording;
  readonly run?: PlanningRun | null;
  readonly filter: string;
}

function drawDomain(graph: DomainGraph, direction: 'TB' | 'LR'): SVGSVGElement {
  return drawGraph(
    layoutGraph(graph, direction),
    (b) => ({
      class: `box domain-${b.kind}${b.onPath ? ' on-path' : ''}${b.severity ? ` finding-${b.severity}` : ''}${b.match ? '' : ' dim'}`,
      'data-name': b.name,
      'data-kind': b.kind,
    }),
    (l) => `link${l.onPath ? ' on-path' : ''}`,
  );
}

/**
 * The domain view's body: the HTN tree (top-down) and the GOAP action graph
 * (left to right), each box with its conditions, effects, facts, the
 * recording's counts and the linter's findings; the run's path in green,
 * boxes not matching the filter dimmed; then every finding as a list.
 * @example
 * container.replaceChildren(renderDomain(outlineFromDocument(doc, findings), { filter: '' }));
 */
export function renderDomain(outline: DomainOutline, state: DomainViewState): HTMLElement {
  const options: DomainGraphOptions = { agent: state.agent, run: state.run ?? null, filter: state.filter };
  const hasHtn = outline.items.some((i) => i.kind === 'compound');
  const hasGoap = outline.items.some((i) => i.kind === 'goal');
  const htn = hasHtn ? htnGraph(outline, options) : null;
  const goap = hasGoap ? goapGraph(outline, options) : null;
  const matches = [...(htn?.boxes ?? []), ...(goap?.boxes ?? [])].filter((b) => b.match).length;
  const findings = [...outline.items.flatMap((i) => i.findings.map((f) => ({ ...f, subject: i.name }))), ...outline.findings];
  const body = h('div', { class: 'domain-body' });
  replace(
    body,
    state.filter ? h('p', { id: 'domain-matches' }, `${matches} boxes match "${state.filter}"`) : null,
    htn ? h('section', {}, h('h3', {}, 'HTN tree'), h('div', { id: 'domain-htn', class: 'graph-box' }, drawDomain(htn, 'TB'))) : null,
    goap ? h('section', {}, h('h3', {}, 'GOAP action graph'), h('div', { id: 'domain-goap', class: 'graph-box' }, drawDomain(goap, 'LR'))) : null,
    h('h3', {}, 'Lint findings'),
    findings.length === 0
      ? h('p', { id: 'domain-findings', class: 'empty' }, 'No findings.')
      : h(
          'table',
          { id: 'domain-findings' },
          h(
            'tbody',
            {},
            findings.map((f) =>
              h('tr', { class: `finding-${f.severity}` }, h('td', {}, f.severity), h('td', {}, f.code), h('td', {}, f.subject), h('td', {}, f.message)),
            ),
          ),
        ),
  );
  return body;
}

/**
 * A standalone domain view (what `dualplan domain file.json` opens): a name
 * filter above {@link renderDomain}.
 * @example
 * mountDomain(document.getElementById('monitor')!, outlineFromDocument(view.document, view.findings));
 */
export function mountDomain(root: HTMLElement, outline: DomainOutline): void {
  const filter = h('input', { id: 'domain-filter', type: 'search', placeholder: 'filter by name', 'aria-label': 'filter by name' });
  const view = h('div', { id: 'domain' });
  const draw = () => replace(view, renderDomain(outline, { filter: filter.value }));
  filter.addEventListener('input', draw);
  replace(root, h('div', { class: 'domain-page' }, h('h2', {}, `Domain ${outline.name}`), h('div', { class: 'toolbar' }, filter), view));
  draw();
}
