import type { HddlDecomposition } from './HddlDecomposition.js';

/**
 * A decomposition in the IPC hierarchical-track plan format: `==>`, one line per primitive step (`id name
 * args`, in plan order), `root` and the ids of the initial tasks, one line per method application
 * (`id task args -> method subtask-ids`), `<==`.
 * @example
 * writeIpcPlan({ primitives: [{ id: 0, name: 'noop', args: [] }], root: [1], methods: [{ id: 1, name: 'idle', args: [], method: 'm_idle', subtasks: [0] }] });
 * // '==>\n0 noop\nroot 1\n1 idle -> m_idle 0\n<==\n'
 */
export function writeIpcPlan(d: HddlDecomposition): string {
  const words = (name: string, args: readonly string[]) => [name, ...args].join(' ');
  const lines = ['==>'];
  for (const p of d.primitives) lines.push(`${p.id} ${words(p.name, p.args)}`);
  lines.push(['root', ...d.root].join(' '));
  for (const m of d.methods) lines.push(`${m.id} ${words(m.name, m.args)} -> ${[m.method, ...m.subtasks].join(' ')}`);
  lines.push('<==');
  return lines.join('\n') + '\n';
}
