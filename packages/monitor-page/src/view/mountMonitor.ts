import { explainName, whyNot, type AgentRecording, type PlanningRun, type SearchTrace } from '@dualplan/monitor';
import { MonitorStore } from '../MonitorStore.js';
import { whyNotNames } from '../whyNotNames.js';
import { formatSeconds } from '../formatNumber.js';
import { h, replace } from './dom.js';
import { renderGraph } from './renderGraph.js';
import { renderTimeline } from './renderTimeline.js';
import { renderCandidates } from './renderCandidates.js';
import { renderEvents } from './renderEvents.js';
import { renderGoals } from './renderGoals.js';
import { renderPlan } from './renderPlan.js';
import { renderPredicted } from './renderPredicted.js';
import { renderRejections } from './renderRejections.js';
import { renderRun } from './renderRun.js';
import { renderStats } from './renderStats.js';
import { renderDomain } from './renderDomain.js';
import { outlineFromAgent } from '../domain/outlineFromAgent.js';

/** What the user is looking at. */
interface View {
  agent: string;
  /** Index into the agent's runs; `follow` keeps it on the newest run as runs arrive. */
  run: number;
  follow: boolean;
  search: number;
  step: number;
  hideRejected: boolean;
  showNoEffect: boolean;
  whyNot: string;
}

/** The mounted monitor: its store (feed it) and a way to select what is shown. */
export interface MonitorHandle {
  readonly store: MonitorStore;
  /** Show agent `id` (and optionally its run at `index`). */
  select(id: string, index?: number): void;
  /** Detach listeners and empty the root element. */
  destroy(): void;
}

/**
 * Build the monitor UI inside `root` and show whatever `store` holds (and
 * every later change to it).
 * @example
 * const monitor = mountMonitor(document.getElementById('monitor')!);
 * monitor.store.load(recording);
 */
export function mountMonitor(root: HTMLElement, store: MonitorStore = new MonitorStore()): MonitorHandle {
  const view: View = { agent: '', run: 0, follow: true, search: 0, step: 0, hideRejected: false, showNoEffect: false, whyNot: '' };
  const agentsEl = h('nav', { id: 'agents' });
  const scrubber = h('input', { id: 'scrubber', type: 'range', min: 0, max: 0, value: 0, step: 1, 'aria-label': 'planning run' });
  const scrubLabel = h('span', { id: 'scrub-label' });
  const strip = h('div', { class: 'strip' });
  const prev = h('button', { id: 'prev-run', title: 'previous run' }, '◀');
  const next = h('button', { id: 'next-run', title: 'next run' }, '▶');
  const runEl = h('div', { id: 'run' });
  const planEl = h('div', { id: 'plan-panel' });
  const eventsEl = h('div', { id: 'events-panel' });
  const goalsEl = h('div', { id: 'goals-panel' });
  const searchSelect = h('select', { id: 'search-select', 'aria-label': 'search' });
  const hide = h('input', { id: 'hide-rejected', type: 'checkbox' });
  const noEffect = h('input', { id: 'show-no-effect', type: 'checkbox' });
  const graphEl = h('div', { id: 'graph' });
  const searchInfo = h('p', { id: 'search-info' });
  const candidatesEl = h('div', { id: 'candidates-panel' });
  const predictedEl = h('div', { id: 'predicted-panel' });
  const whyNotSelect = h('select', { id: 'why-not-select', 'aria-label': 'why not' });
  const whyNotEl = h('div', { id: 'why-not' });
  const statsEl = h('div', { id: 'stats' });
  // Every panel folds away (its heading is a <summary>) and its body can be made taller or shorter by dragging its corner.
  const panel = (id: string, title: string, ...children: (HTMLElement | string)[]) =>
    h('details', { class: 'panel', open: true, 'data-panel': id }, h('summary', {}, h('h2', {}, title)), h('div', { class: 'panel-body' }, ...children));
  const toggleAgents = h('button', { id: 'toggle-agents', title: 'hide or show the agents list', 'aria-expanded': 'true' }, '☰');
  const layout = h('div', { class: 'monitor' });
  toggleAgents.addEventListener('click', () => {
    const hidden = layout.classList.toggle('agents-hidden');
    toggleAgents.setAttribute('aria-expanded', String(!hidden));
  });

  // The agent's domain from its recording's catalogue: drawn only while the panel is open (laying it out takes a while).
  const domainFilter = h('input', { id: 'domain-filter', type: 'search', placeholder: 'filter by name', 'aria-label': 'filter the domain by name' });
  const domainEl = h('div', { id: 'domain' });
  const domainPanel = panel(
    'domain',
    'Domain: tasks, methods, actions and goals, this run’s path in green',
    h('div', { class: 'toolbar' }, domainFilter),
    domainEl,
  );
  domainPanel.open = false;
  let drawnDomain = '';
  const renderDomainPanel = () => {
    const a = agent();
    const run = runs()[view.run] ?? null;
    const key = `${a?.id}/${run?.id}/${a?.stats.planningRuns}/${domainFilter.value}`;
    if (!domainPanel.open || key === drawnDomain) return;
    drawnDomain = key;
    replace(domainEl, a ? renderDomain(outlineFromAgent(a), { agent: a, run, filter: domainFilter.value }) : null);
  };
  domainPanel.addEventListener('toggle', renderDomainPanel);
  domainFilter.addEventListener('input', renderDomainPanel);
  replace(
    layout,
    h('aside', {}, h('h2', {}, 'Agents'), agentsEl),
    h(
      'main',
      {},
      h('div', { class: 'timeline' }, strip, h('div', { class: 'scrub' }, toggleAgents, prev, scrubber, next, scrubLabel)),
      panel('run', 'Planning run', runEl, goalsEl),
      panel('plan', 'Plan', planEl),
      panel('events', 'Run time, until the next planning run', eventsEl),
      panel(
        'search',
        'Search',
        h(
          'div',
          { class: 'toolbar' },
          searchSelect,
          h('label', {}, hide, ' hide impossible branches'),
          h('label', {}, noEffect, ' list "no effect" rejections'),
        ),
        searchInfo,
        graphEl,
        candidatesEl,
      ),
      panel('state', 'World state: now and predicted after each step', predictedEl),
      panel('why-not', 'Why not?', whyNotSelect, whyNotEl),
      panel('stats', 'Statistics', statsEl),
      domainPanel,
    ),
  );
  replace(root, layout);

  let drawnSearch: { trace: SearchTrace | null; options: string } = { trace: null, options: '' };
  const agent = (): AgentRecording | undefined => store.agent(view.agent);
  const runs = (): readonly PlanningRun[] => agent()?.runs ?? [];

  function renderAgents(): void {
    const list = store.agents();
    if (!list.some((a) => a.id === view.agent) && list.length) view.agent = list[0].id;
    replace(
      agentsEl,
      list.length === 0
        ? h('p', { class: 'empty' }, 'No agents yet: open a recording, or connect a game.')
        : list.map((a) =>
            h(
              'button',
              { class: `agent${a.id === view.agent ? ' selected' : ''}`, 'data-agent': a.id, onclick: () => select(a.id) },
              h('b', {}, a.id),
              h('span', {}, ` ${Object.values(a.runners).join(', ')} · ${a.stats.planningRuns} runs`),
              a.runs.length ? h('small', {}, a.runs[a.runs.length - 1].plan?.steps.map((st) => st.task).join(' → ') || 'no plan') : null,
            ),
          ),
    );
  }

  function renderRunPanels(): void {
    const list = runs();
    const a = agent();
    if (view.follow || view.run >= list.length) view.run = Math.max(0, list.length - 1);
    scrubber.max = String(Math.max(0, list.length - 1));
    scrubber.value = String(view.run);
    scrubber.disabled = list.length < 2;
    const run = list[view.run];
    renderDomainPanel();
    replace(strip, list.length ? renderTimeline(list, view.run, goTo) : null);
    if (!a || !run) {
      scrubLabel.textContent = 'no planning runs';
      drawnSearch = { trace: null, options: '' };
      for (const el of [runEl, planEl, eventsEl, goalsEl, graphEl, searchInfo, candidatesEl, predictedEl]) replace(el);
      replace(searchSelect);
      return;
    }
    // Runs are named by id everywhere (ids count the agent's planner calls from 1; retention may have dropped the oldest).
    const kept = list.length < list[list.length - 1].id ? ` · ${list.length} kept` : '';
    scrubLabel.textContent = `run #${run.id} of ${list[list.length - 1].id}${kept} · tick ${run.tick} · ${formatSeconds(run.time)}${view.follow ? ' · following' : ''}`;
    replace(runEl, renderRun(run));
    replace(goalsEl, renderGoals(run));
    if (view.step >= (run.plan?.steps.length ?? 0)) view.step = 0;
    replace(
      planEl,
      renderPlan(a, run, view.step, (i) => {
        view.step = i;
        renderRunPanels();
      }),
    );
    replace(eventsEl, renderEvents(a, run, list[view.run + 1] ?? null));
    replace(predictedEl, renderPredicted(a, run, list[view.run - 1] ?? null, view.step));
    if (view.search >= run.searches.length) view.search = 0;
    replace(
      searchSelect,
      run.searches.map((sr, i) => h('option', { value: i, selected: i === view.search }, `${sr.planner} ${sr.mode} → ${sr.target}: ${sr.status}`)),
    );
    const trace = run.searches[view.search];
    if (!trace) {
      replace(searchInfo, 'This run recorded no search.');
      drawnSearch = { trace: null, options: '' };
      replace(graphEl);
      replace(candidatesEl);
      return;
    }
    replace(
      searchInfo,
      `${trace.nodes.length} nodes · ${trace.candidates.length} candidates · ${trace.backtracks} backtracks`,
      trace.mtr.length ? ` · MTR [${trace.mtr.join(', ')}]` : '',
      trace.whyNoPlan ? h('span', { class: 'why-no-plan' }, ` · no plan: ${trace.whyNoPlan}`) : '',
      run.truncated ? h('span', { class: 'why-no-plan' }, ' · this search was cut at the recorder’s size limit') : '',
    );
    // Laying a big search out takes a while: redo it only when the search shown or its options change, not on every live update.
    const options = `${view.hideRejected}/${view.showNoEffect}`;
    if (trace === drawnSearch.trace && options === drawnSearch.options) return;
    drawnSearch = { trace, options };
    replace(graphEl, renderGraph(trace, view.hideRejected));
    replace(candidatesEl, renderCandidates(a, trace, view.showNoEffect));
  }

  function renderWhyNot(): void {
    const a = agent();
    const names = a ? whyNotNames(a) : [];
    if (!names.includes(view.whyNot)) view.whyNot = '';
    replace(
      whyNotSelect,
      h('option', { value: '' }, '(choose)'),
      names.map((n) => h('option', { value: n, selected: n === view.whyNot }, n)),
    );
    const rejections = a ? whyNot(a, view.whyNot, view.showNoEffect) : [];
    // Explained in words when nothing was rejected, or when the name was never selected.
    const stats = a?.stats;
    const usage = stats && (stats.actions[view.whyNot] ?? stats.methods[view.whyNot] ?? stats.compounds[view.whyNot] ?? stats.goals[view.whyNot]);
    const explanation = a && view.whyNot && (rejections.length === 0 || !usage?.selected) ? explainName(a, view.whyNot) : '';
    replace(whyNotEl, a ? renderRejections(view.whyNot, rejections, (id) => goTo(runs().findIndex((r) => r.id === id)), explanation) : null);
  }

  function renderAll(): void {
    renderAgents();
    renderRunPanels();
    renderWhyNot();
    const a = agent();
    replace(statsEl, a ? renderStats(a) : null);
  }

  function select(id: string, index?: number): void {
    if (id !== view.agent) Object.assign(view, { agent: id, search: 0, step: 0, whyNot: '' });
    view.follow = index === undefined;
    if (index !== undefined) view.run = index;
    renderAll();
  }

  function goTo(index: number): void {
    const last = runs().length - 1;
    view.run = Math.max(0, Math.min(last, index));
    view.follow = view.run === last;
    view.search = 0;
    view.step = 0;
    renderRunPanels();
  }

  scrubber.addEventListener('input', () => goTo(Number(scrubber.value)));
  prev.addEventListener('click', () => goTo(view.run - 1));
  next.addEventListener('click', () => goTo(view.run + 1));
  searchSelect.addEventListener('change', () => {
    view.search = Number(searchSelect.value);
    renderRunPanels();
  });
  hide.addEventListener('change', () => {
    view.hideRejected = hide.checked;
    renderRunPanels();
  });
  noEffect.addEventListener('change', () => {
    view.showNoEffect = noEffect.checked;
    renderRunPanels();
    renderWhyNot();
  });
  whyNotSelect.addEventListener('change', () => {
    view.whyNot = whyNotSelect.value;
    renderWhyNot();
  });
  // ← and → step through the runs from anywhere on the page (form fields keep their own keys).
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
    if (e.key === 'ArrowLeft') goTo(view.run - 1);
    else if (e.key === 'ArrowRight') goTo(view.run + 1);
  };
  root.ownerDocument.addEventListener('keydown', onKey);
  const unsubscribe = store.subscribe(renderAll);
  renderAll();
  return {
    store,
    select,
    destroy() {
      unsubscribe();
      root.ownerDocument.removeEventListener('keydown', onKey);
      replace(root);
    },
  };
}
