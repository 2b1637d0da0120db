import type { Agent } from '@dualplan/runner';
import { BRIDGES, HEIGHT, TREES, WIDTH, type Arena, type Point } from '../Arena.js';

const SCALE = 8;
const NS = 'http://www.w3.org/2000/svg';

function el(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * Draw the arena as SVG: the river's bridges, the trees, the cliff, the
 * player bot and each agent with the step it is running.
 * @example
 * svg.replaceChildren(...drawArena(match.arena, match.agents));
 */
export function drawArena(arena: Arena, agents: readonly Agent[]): SVGElement[] {
  const out: SVGElement[] = [
    el('rect', { x: 0, y: 0, width: WIDTH * SCALE, height: HEIGHT * SCALE, class: 'ground' }),
    el('rect', { x: 0, y: 6 * SCALE, width: WIDTH * SCALE, height: 8 * SCALE, class: 'river' }),
    el('rect', { x: 40 * SCALE, y: 48 * SCALE, width: 20 * SCALE, height: 12 * SCALE, class: 'cliff' }),
    el('text', { x: 50 * SCALE, y: 56 * SCALE, class: 'label', 'text-anchor': 'middle' }, 'cliff'),
  ];
  for (const b of BRIDGES) out.push(el('rect', { x: (b.x - 4) * SCALE, y: 5 * SCALE, width: 8 * SCALE, height: 10 * SCALE, class: 'bridge' }));
  for (const t of TREES) out.push(el('circle', { cx: t.x * SCALE, cy: t.y * SCALE, r: 2.5 * SCALE, class: 'tree' }));
  const p = arena.player;
  out.push(el('circle', { cx: p.x * SCALE, cy: p.y * SCALE, r: 1.3 * SCALE, class: `player${p.alive ? '' : ' dead'}`, 'data-actor': 'player' }));
  out.push(el('text', { x: p.x * SCALE, y: (p.y - 2) * SCALE, class: 'label', 'text-anchor': 'middle' }, p.alive ? `player ${p.hp}` : 'player (down)'));
  for (const agent of agents) {
    const pos = (agent.ctx as { pos?: Point }).pos;
    if (!pos) continue;
    const step = agent.runner().runningStep?.task ?? 'idle';
    out.push(
      el('circle', { cx: pos.x * SCALE, cy: pos.y * SCALE, r: (agent.id === 'troll' ? 2 : 1.3) * SCALE, class: `agent ${agent.id}`, 'data-actor': agent.id }),
    );
    out.push(el('text', { x: pos.x * SCALE, y: (pos.y + 3.5) * SCALE, class: 'label', 'text-anchor': 'middle' }, `${agent.id}: ${step}`));
  }
  return out;
}

/** Size of the drawing in SVG units. */
export const MAP_SIZE = { width: WIDTH * SCALE, height: HEIGHT * SCALE } as const;
