// The arena as a live page (bundled by scripts/build.mjs into dist/page/):
// the match runs in the browser, drawn on an SVG map, with the planner
// monitor beside it. Seed, the troll's planner and speed are controls.
import { Breakpoints, record, type Breakpoint, type DebugCommand, type Recorder } from '@dualplan/monitor';
import { MonitorStore, mountDebugPanel, mountMonitor } from '@dualplan/monitor-page';
import type { AgentPlanner, WorldState } from '@dualplan/world-state';
import { comparePlanners } from '../comparePlanners.js';
import { defaultPlanners } from '../planners.js';
import { createMatch, type ArenaMatch } from '../runArena.js';
import { MAP_SIZE, drawArena } from './drawArena.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const seedInput = $<HTMLInputElement>('seed');
const plannerSelect = $<HTMLSelectElement>('planner');
const speedSelect = $<HTMLSelectElement>('speed');
const pauseButton = $<HTMLButtonElement>('pause');
const clock = $('clock');
const log = $('log');
const compare = $('compare');
const map = document.getElementById('map') as unknown as SVGSVGElement;
map.setAttribute('viewBox', `0 0 ${MAP_SIZE.width} ${MAP_SIZE.height}`);

const store = new MonitorStore();
mountMonitor($('monitor'), store);
// Breakpoints over the match's agents: the page's panel talks to them directly (same window, no transport).
let breakpoints: Breakpoints | null = null;
const debugPanel = mountDebugPanel($('debug'), (command: DebugCommand) => {
  try {
    breakpoints?.handle(command);
  } catch (e) {
    debugPanel.update({ type: 'debugError', error: e instanceof Error ? e.message : String(e) });
  }
});

const params = new URLSearchParams(location.search);
if (params.has('seed')) seedInput.value = params.get('seed') ?? '1';
if (params.get('planner') === 'goap') plannerSelect.value = 'goap';
if (params.has('speed')) speedSelect.value = params.get('speed') ?? '1';

let match: ArenaMatch;
// Records every planning run, search and step of the match for the monitor beside the map.
let recorder: Recorder | null = null;
let shownLines = 0;
// The troll's state when the comparison was last drawn: compare again only when it changes.
let compared: WorldState<any> | null = null;
const comparePlannersOf = [defaultPlanners.troll('htn'), defaultPlanners.troll('goap')].filter((p): p is AgentPlanner => p !== null);
let paused = false;
let carry = 0;
let last = performance.now();

function setPaused(on: boolean): void {
  paused = on;
  pauseButton.textContent = paused ? 'Play' : 'Pause';
}

function restart(): void {
  const seed = Number.parseInt(seedInput.value, 10);
  recorder?.stop();
  const kept: readonly Breakpoint[] = breakpoints?.status().breakpoints ?? [];
  breakpoints?.stop();
  match = createMatch({ seed: Number.isFinite(seed) ? seed : 1, troll: plannerSelect.value === 'goap' ? 'goap' : 'htn', planners: defaultPlanners });
  // The game's side of debugging: stop the clock, start it again, or run one tick now.
  breakpoints = new Breakpoints(match.agents, {
    pause: () => setPaused(true),
    resume: () => setPaused(false),
    step: () => {
      match.step();
      draw();
    },
  });
  breakpoints.subscribe((status) => debugPanel.update(status));
  setPaused(false);
  try {
    breakpoints.handle({ type: 'setBreakpoints', breakpoints: kept });
  } catch {
    // A breakpoint of the last match that this one cannot have (another planner's key): start without them.
    breakpoints.handle({ type: 'setBreakpoints', breakpoints: [] });
  }
  recorder = record(match.agents, { runsPerAgent: 500, eventsPerAgent: 5000, flushMs: 250 });
  recorder.subscribe((message) => store.apply(message));
  shownLines = 0;
  compared = null;
  log.replaceChildren();
  draw();
}

/** The same troll state planned by HTN and by GOAP, side by side. */
function drawComparison(): void {
  const troll = match.agents.find((a) => a.id === 'troll');
  if (!troll || (compared !== null && compared.equals(troll.state))) return;
  compared = troll.state.clone();
  const cell = (text: string, cls = '') => Object.assign(document.createElement('td'), { textContent: text, className: cls });
  const rows = comparePlanners(troll.state, troll.ctx, comparePlannersOf).map((a) => {
    const tr = document.createElement('tr');
    tr.dataset.planner = a.planner;
    tr.append(
      cell(a.planner.toUpperCase()),
      cell(a.status === 'found' ? a.steps.join(' → ') : `no plan: ${a.reason}`, a.status === 'found' ? 'cond' : 'cond failing'),
      cell(a.status === 'found' ? String(Math.round(a.cost * 100) / 100) : ''),
      cell(`${a.ms.toFixed(2)} ms`),
    );
    return tr;
  });
  compare.replaceChildren(...rows);
}

function draw(): void {
  map.replaceChildren(...drawArena(match.arena, match.agents));
  drawComparison();
  clock.textContent = `tick ${match.arena.tick} · ${match.arena.time.toFixed(1)} s`;
  if (match.lines.length > shownLines) {
    for (const line of match.lines.slice(shownLines)) log.append(Object.assign(document.createElement('div'), { textContent: line }));
    shownLines = match.lines.length;
    while (log.childElementCount > 300) log.firstElementChild?.remove();
    log.scrollTop = log.scrollHeight;
  }
}

// Real time: 10 ticks of 0.1 s per second at speed 1.
function frame(now: number): void {
  const dt = Math.min(0.5, (now - last) / 1000);
  last = now;
  if (!paused) {
    carry += dt * 10 * Number(speedSelect.value);
    let steps = 0;
    // A breakpoint pauses during a step: no step after it.
    while (carry >= 1 && steps < 200 && !paused) {
      match.step();
      carry -= 1;
      steps++;
    }
    if (steps) draw();
  }
  requestAnimationFrame(frame);
}

$('restart').addEventListener('click', restart);
seedInput.addEventListener('change', restart);
plannerSelect.addEventListener('change', restart);
pauseButton.addEventListener('click', () => breakpoints?.handle({ type: paused ? 'resume' : 'pause' }));
restart();
requestAnimationFrame(frame);
