import { parseMessage } from '../parseRecording.js';
import type { MonitorStore } from '../MonitorStore.js';

/** What the page posts to its opener or parent once it listens: senders buffer until they see it. */
export const READY_MESSAGE = /* @__PURE__ */ Object.freeze({ type: 'dualplan-monitor-ready' } as const);

/**
 * Feed `store` from `postMessage`: every message whose data is a recording
 * message (`snapshot`, `update`, `agent`) is applied; anything else posted to
 * the window is ignored. Announces itself with {@link READY_MESSAGE} to the
 * opener (a game that opened the page) or the parent (a game embedding it).
 * Returns the function that stops listening.
 * @example
 * const stop = listenPostMessage(window, monitor.store, (e) => console.warn(e));
 */
export function listenPostMessage(win: Window, store: MonitorStore, onError: (e: unknown) => void): () => void {
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || !['snapshot', 'update', 'agent'].includes((data as { type?: string }).type ?? '')) return;
    try {
      store.apply(parseMessage(data));
    } catch (e) {
      onError(e);
    }
  };
  win.addEventListener('message', listener);
  for (const peer of [win.opener as Window | null, win.parent]) if (peer && peer !== win) peer.postMessage(READY_MESSAGE, '*');
  return () => win.removeEventListener('message', listener);
}
