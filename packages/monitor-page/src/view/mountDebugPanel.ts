import type { Breakpoint, BreakpointOp, DebugCommand, DebugStatus } from '@dualplan/monitor';
import { h } from './dom.js';

/** What a debug panel shows: the game's status, or the error text of a command it refused. */
export type DebugMessage = DebugStatus | { readonly type: 'debugError'; readonly error: string };

/** A mounted debug panel: give it each debug message from the game. */
export interface DebugPanel {
  /** Show the game's status (or a refused command's error). */
  update(message: DebugMessage): void;
  /** Remove the panel. */
  destroy(): void;
}

const OPS: readonly BreakpointOp[] = ['==', '!=', '<', '<=', '>', '>='];

/** A value typed in the page: `true`/`false` as booleans, integers as numbers, anything else as an enum value's name. */
function parseValue(text: string): number | boolean | string {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

function describe(b: Breakpoint): string {
  const who = b.agent === undefined ? 'any agent' : b.agent;
  switch (b.kind) {
    case 'replan':
      return `${who}: replan`;
    case 'fault':
      return `${who}: fault`;
    case 'task':
      return `${who}: ${b.name} starts`;
    case 'state':
      return `${who}: ${b.key} ${b.op} ${String(b.value)}`;
  }
}

/**
 * The breakpoints panel: add and remove breakpoints (an agent's replan, a named
 * task or action starting, a fault, a condition on the state), pause, resume
 * and step one tick. Commands go to `send` (a transport to the game); the game's
 * status comes back through {@link DebugPanel.update}.
 * @example
 * const panel = mountDebugPanel(document.getElementById('debug')!, (c) => postDebugCommand(endpoint, c));
 * connectPostMessage(endpoint, receive, { onDebug: (m) => panel.update(m) });
 */
export function mountDebugPanel(root: HTMLElement, send: (command: DebugCommand) => void): DebugPanel {
  let breakpoints: readonly Breakpoint[] = [];
  const kind = h(
    'select',
    { id: 'bp-kind', 'aria-label': 'breakpoint kind' },
    h('option', { value: 'task' }, 'task or action starts'),
    h('option', { value: 'replan' }, 'replan'),
    h('option', { value: 'fault' }, 'fault'),
    h('option', { value: 'state' }, 'state condition'),
  );
  const name = h('input', { id: 'bp-name', placeholder: 'task, action or key', 'aria-label': 'task, action or state key', size: 14 });
  const op = h('select', { id: 'bp-op', 'aria-label': 'comparison' }, ...OPS.map((o) => h('option', { value: o }, o)));
  const value = h('input', { id: 'bp-value', placeholder: 'value', 'aria-label': 'value', size: 6 });
  const agent = h('input', { id: 'bp-agent', placeholder: 'any agent', 'aria-label': 'agent (empty: any)', size: 8 });
  const add = h('button', { id: 'bp-add' }, 'Add breakpoint');
  const pause = h('button', { id: 'debug-pause' }, 'Pause');
  const resume = h('button', { id: 'debug-resume' }, 'Resume');
  const step = h('button', { id: 'debug-step', title: 'advance the game by one tick' }, 'Step 1 tick');
  const list = h('ul', { id: 'bp-list', class: 'bp-list' });
  const state = h('span', { id: 'debug-state', role: 'status' }, 'running');
  const error = h('span', { id: 'debug-error', class: 'failing', role: 'alert' });
  const showFields = () => {
    const k = kind.value;
    name.hidden = k !== 'task' && k !== 'state';
    name.placeholder = k === 'state' ? 'state key' : 'task or action';
    op.hidden = value.hidden = k !== 'state';
  };
  kind.addEventListener('change', showFields);
  showFields();
  const set = (next: readonly Breakpoint[]) => send({ type: 'setBreakpoints', breakpoints: next });
  add.addEventListener('click', () => {
    const who = agent.value.trim() === '' ? {} : { agent: agent.value.trim() };
    const k = kind.value;
    const b: Breakpoint =
      k === 'task'
        ? { kind: 'task', name: name.value.trim(), ...who }
        : k === 'state'
          ? { kind: 'state', key: name.value.trim(), op: op.value as BreakpointOp, value: parseValue(value.value), ...who }
          : { kind: k as 'replan' | 'fault', ...who };
    set([...breakpoints, b]);
  });
  pause.addEventListener('click', () => send({ type: 'pause' }));
  resume.addEventListener('click', () => send({ type: 'resume' }));
  step.addEventListener('click', () => send({ type: 'step' }));
  const panel = h(
    'details',
    { class: 'panel debug-panel', open: true, 'data-panel': 'breakpoints' },
    h('summary', {}, h('h2', {}, 'Breakpoints')),
    h(
      'div',
      { class: 'panel-body' },
      h('div', { class: 'bp-form' }, kind, name, op, value, agent, add),
      list,
      h('div', { class: 'bp-controls' }, pause, resume, step, state, error),
    ),
  );
  root.append(panel);
  return {
    update(message) {
      if (message.type === 'debugError') {
        error.textContent = message.error;
        return;
      }
      error.textContent = '';
      breakpoints = message.breakpoints;
      list.replaceChildren(
        ...breakpoints.map((b, i) =>
          h(
            'li',
            { 'data-breakpoint': i, class: message.hit?.breakpoint === i ? 'bp-hit' : '' },
            describe(b),
            ' ',
            h('button', { title: 'remove', onclick: () => set(breakpoints.filter((_, j) => j !== i)) }, '✕'),
          ),
        ),
      );
      const hit = message.hit;
      state.textContent = !message.paused
        ? 'running'
        : `paused${hit === null ? '' : ` at tick ${hit.tick}: ${hit.agent} ${hit.detail}`}${message.stepped > 0 ? ` · stepped ${message.stepped} tick${message.stepped === 1 ? '' : 's'}` : ''}`;
      root.dataset.paused = String(message.paused);
    },
    destroy() {
      panel.remove();
    },
  };
}
