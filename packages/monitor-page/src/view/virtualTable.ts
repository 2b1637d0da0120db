import { h, replace, type Child } from './dom.js';

/** Options of {@link virtualTable}. */
export interface VirtualTableOptions<T> {
  /** The table's id (rows are found as `#id tr`). */
  readonly id: string;
  /** Column headings (none: no heading row). */
  readonly head: readonly string[];
  readonly items: readonly T[];
  /** One row; it must stay one line high (the table's CSS keeps cells on one line). */
  readonly row: (item: T, index: number) => HTMLTableRowElement;
  /** Height of the scrolling box in rows (default 16). */
  readonly visibleRows?: number;
  /** Show the last rows first (a live list that grows at the end). */
  readonly scrollToEnd?: boolean;
}

/** The height every row of a virtual table is drawn with, in CSS pixels (`.vtable tr` in monitor.css). */
export const ROW_HEIGHT = 22;
/** Rows drawn above and below the visible ones, so a short scroll shows no gap. */
const OVERSCAN = 20;

/**
 * A table that draws only the rows in view (plus a margin): a list of 10,000
 * runs, events or candidates costs the page about as many DOM nodes as one
 * of 60. The rows sit in a scrolling box of `visibleRows` rows; spacers above
 * and below keep the scrollbar true to the whole list.
 * @example
 * panel.append(virtualTable({ id: 'events', head: ['tick', 'event'], items: events, row: (e) => h('tr', {}, h('td', {}, e.tick)) }));
 */
export function virtualTable<T>(options: VirtualTableOptions<T>): HTMLElement {
  const { items, row } = options;
  const visible = options.visibleRows ?? 16;
  const window = visible + 2 * OVERSCAN;
  const before = h('div', { class: 'vspacer' });
  const after = h('div', { class: 'vspacer' });
  const body = h('tbody');
  const head = options.head.length
    ? h(
        'thead',
        {},
        h(
          'tr',
          {},
          options.head.map((c) => h('th', {}, c)),
        ),
      )
    : null;
  const table = h('table', { id: options.id, class: 'vtable' }, head, body);
  const box = h('div', { class: 'vscroll' }, before, table, after);
  // Through the style object, not a style attribute: the page's Content-Security-Policy blocks inline style attributes.
  box.style.maxHeight = `${(visible + 1) * ROW_HEIGHT + 4}px`;
  let drawn = -1;
  const draw = () => {
    const first = Math.max(0, Math.min(items.length - window, Math.floor(box.scrollTop / ROW_HEIGHT) - OVERSCAN));
    if (first === drawn) return;
    drawn = first;
    const end = Math.min(items.length, first + window);
    const rows: Child[] = [];
    for (let i = first; i < end; i++) rows.push(row(items[i], i));
    replace(body, rows);
    before.style.height = `${first * ROW_HEIGHT}px`;
    after.style.height = `${(items.length - end) * ROW_HEIGHT}px`;
  };
  box.addEventListener('scroll', draw, { passive: true });
  draw();
  if (options.scrollToEnd && items.length > visible) {
    // The box has its size only once it is in the document: scroll there when it is.
    requestAnimationFrame(() => {
      box.scrollTop = box.scrollHeight;
      draw();
    });
  }
  return box;
}
