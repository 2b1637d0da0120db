// The game page (bundled by scripts/build.mjs into dist/page/): the game logic of this package rendered by
// Phaser 4, with the planner monitor beside it in an iframe fed over postMessage with the selected agent's runs.
import Phaser from 'phaser';
import { Breakpoints, record, servePostMessage, windowEndpoint, type Recorder } from '@dualplan/monitor';
import { createGame, CROWD_SCENE, DEFAULT_SCENE } from '../createGame.js';
import type { Game } from '../Game.js';
import type { Unit } from '../Unit.js';
import { isArmed } from '../villagerUnit.js';
import { FIXED_DT, GameScene } from './GameScene.js';
import { TILE } from './makeTextures.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const seedInput = $<HTMLInputElement>('seed');
const trollSelect = $<HTMLSelectElement>('troll');
const crowdBox = $<HTMLInputElement>('crowd');
const speedSelect = $<HTMLSelectElement>('speed');
const status = $('status');
const selectedLabel = $('selected');
const monitorFrame = $<HTMLIFrameElement>('monitor');

const params = new URLSearchParams(location.search);
if (params.has('seed')) seedInput.value = params.get('seed') ?? '1';
if (params.get('troll') === 'goap') trollSelect.value = 'goap';
if (params.get('crowd') === '1') crowdBox.checked = true;
if (params.has('speed')) speedSelect.value = params.get('speed') ?? '1';

let game: Game = newGame();
let selection: Unit | null = null;
let recorder: Recorder | null = null;
let stopServing: (() => void) | null = null;
/** The selected unit's breakpoints (set from the monitor), and whether they paused the game. */
let breakpoints: Breakpoints | null = null;
let paused = false;
/** AI ms of recent drawn frames, and of recent fixed steps (frames that ran exactly one step). */
const aiMs: number[] = [];
const stepMs: number[] = [];

function newGame(): Game {
  const seed = Number.parseInt(seedInput.value, 10);
  const scene = crowdBox.checked ? CROWD_SCENE : DEFAULT_SCENE;
  // The scheduler runs every drawn frame (about 60 a second), so its share of a frame is small.
  return createGame({
    ...scene,
    seed: Number.isFinite(seed) ? seed : 1,
    troll: trollSelect.value === 'goap' ? 'goap' : 'htn',
    scheduler: { frameBudgetMs: 0.5 },
  });
}

/** Show `unit`'s planning in the monitor: record it alone and serve the recording to the monitor iframe. */
function select(unit: Unit | null): void {
  selection = unit;
  recorder?.stop();
  stopServing?.();
  breakpoints?.stop();
  recorder = null;
  stopServing = null;
  breakpoints = null;
  paused = false;
  selectedLabel.textContent = unit === null ? 'click an agent to see its planning' : `${unit.id} (${unit.kind}, ${unit.agent.runner().planner.kind})`;
  if (unit === null) return;
  recorder = record(unit.agent, { runsPerAgent: 300, eventsPerAgent: 3000, flushMs: 200 });
  // A fresh monitor page per selection: it says hello, and the recorder answers with everything so far.
  monitorFrame.src = `/monitor/?embed=${encodeURIComponent(unit.id)}`;
  // The scene stops stepping while a breakpoint (or the monitor's Pause) holds the game; Step runs one fixed step.
  breakpoints = new Breakpoints([unit.agent], {
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    step: () => {
      scene.advance(FIXED_DT);
      scene.sync(game);
    },
  });
  stopServing = servePostMessage(recorder, windowEndpoint(window, monitorFrame.contentWindow!, location.origin), { breakpoints });
}

function restart(): void {
  select(null);
  game = newGame();
}

const scene = new GameScene({
  game: () => game,
  speed: () => (paused ? 0 : Number(speedSelect.value)),
  selected: select,
  selection: () => selection,
  frameDone: (ms, steps) => {
    aiMs.push(ms);
    if (aiMs.length > 600) aiMs.shift();
    if (steps === 1) stepMs.push(ms);
    if (stepMs.length > 600) stepMs.shift();
    if (game.frame % 10 === 0) {
      const s = game.stats;
      status.textContent = `${game.all().length} agents · ${game.time.toFixed(1)} s · uprooted ${s.uprooted} · slams ${s.trollSlams} · weapons picked up ${s.pickups} · covers held ${game.board.claims().filter((c) => c.resource.startsWith('cover')).length}`;
    }
  },
});

const phaser = new Phaser.Game({
  type: Phaser.AUTO,
  parent: 'stage',
  width: 80 * TILE,
  height: 50 * TILE,
  backgroundColor: '#1a1a1a',
  banner: false,
  scene,
});

// Phaser keeps the canvas's page position from boot and window resizes only; the header above the stage changes
// height as its status line fills or wraps, which would move the canvas under Phaser's cached bounds and send
// clicks to the wrong place on the map. Tell Phaser whenever the header's size changes.
new ResizeObserver(() => phaser.scale.updateBounds()).observe(document.querySelector('header')!);

$('restart').addEventListener('click', restart);
seedInput.addEventListener('change', restart);
trollSelect.addEventListener('change', restart);
crowdBox.addEventListener('change', restart);

/** The test hook: drive the game faster than real time at the fixed step, read what happened. */
const hook = {
  ready: () => phaser.isBooted && scene.sys.settings.active,
  renderer: () => (phaser.renderer.type === Phaser.WEBGL ? 'WEBGL' : phaser.renderer.type === Phaser.CANVAS ? 'CANVAS' : String(phaser.renderer.type)),
  advance: (seconds: number) => {
    speedSelect.value = '0';
    scene.advance(seconds);
    scene.sync(game);
    return game.time;
  },
  stats: () => ({
    ...game.stats,
    agents: game.all().length,
    time: game.time,
    coversHeld: game.board
      .claims()
      .filter((c) => c.resource.startsWith('cover'))
      .map((c) => `${c.resource}:${c.agent}`),
    armed: game.all().filter(isArmed).length,
    armedSwinging: game.log.filter((l) => l.includes('Swing')).length,
  }),
  /** Page coordinates of a unit, for a real click. */
  pointOf: (id: string) => {
    const u = game.unit(id);
    const canvas = phaser.canvas.getBoundingClientRect();
    return u === null
      ? null
      : { x: canvas.left + (u.body.x * TILE * canvas.width) / phaser.canvas.width, y: canvas.top + (u.body.y * TILE * canvas.height) / phaser.canvas.height };
  },
  selected: () => selection?.id ?? null,
  /** The first unit of `kind` that is up (not knocked out): what a test clicks. */
  firstUp: (kind: string) => game.all().find((u) => u.kind === kind && !game.isDown(u))?.id ?? null,
  /** AI cost measured by the page: per drawn frame, and per fixed step; cleared by `clearTimes`. */
  aiMs: () => ({ frames: aiMs.slice(), steps: stepMs.slice() }),
  clearTimes: () => {
    aiMs.length = 0;
    stepMs.length = 0;
  },
  setSpeed: (speed: number) => {
    speedSelect.value = String(speed);
  },
  restart: (seed: number, crowd: boolean) => {
    seedInput.value = String(seed);
    crowdBox.checked = crowd;
    restart();
  },
};
(window as unknown as { dualplanGame: typeof hook }).dualplanGame = hook;
