/** Attribute values: strings, numbers, booleans (present or not), or an event listener for `on*` keys. */
export type Attrs = Record<string, string | number | boolean | null | undefined | ((e: Event) => void)>;
export type Child = Node | string | number | null | undefined | false | readonly Child[];

function fill(el: Element, attrs: Attrs, children: readonly Child[]): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false && v !== null && v !== undefined) el.setAttribute(k, String(v));
  }
  append(el, children);
}

function append(el: Element, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(typeof c === 'object' ? (c as Node) : String(c));
  }
}

/**
 * Create an HTML element: `h('td', { class: 'bad' }, 'text')`.
 * @example
 * document.body.append(h('button', { onclick: () => alert('hi') }, 'Hi'));
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  fill(el, attrs, children);
  return el;
}

/**
 * Create an SVG element: `s('rect', { x: 0, y: 0, width: 10, height: 10 })`.
 * @example
 * svgRoot.append(s('text', { x: 4, y: 12 }, 'label'));
 */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  fill(el, attrs, children);
  return el;
}

/** Replace the children of `el`. */
export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}
