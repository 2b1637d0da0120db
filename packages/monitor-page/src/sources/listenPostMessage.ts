import { parseMessage } from '../parseMessage.js';
import type { MonitorStore } from '../MonitorStore.js';

/** The channel every monitor envelope carries (the recorder's postMessage transport uses the same). */
export const MONITOR_CHANNEL = 'dualplan-monitor';

/** The page's hello: a recorder serving over postMessage answers with a snapshot, then updates. */
export const HELLO_MESSAGE = /* @__PURE__ */ Object.freeze({ channel: MONITOR_CHANNEL, type: 'hello' } as const);

/**
 * Feed `store` from `postMessage`: envelopes `{ channel: 'dualplan-monitor',
 * type: 'message', message }` carry recording messages; anything else posted
 * to the window is ignored. Says hello to the opener (a game that opened the
 * page) or the parent (a game embedding it) every `retryMs` until the first
 * message arrives, so either side may load first. Returns the function that stops.
 * @example
 * const stop = listenPostMessage(window, monitor.store, (e) => console.warn(e));
 */
export function listenPostMessage(win: Window, store: MonitorStore, onError: (e: unknown) => void, retryMs = 250): () => void {
  const peers = [win.opener as Window | null, win.parent].filter((p): p is Window => p !== null && p !== win);
  const hello = () => {
    for (const peer of peers) peer.postMessage(HELLO_MESSAGE, '*');
  };
  let timer: ReturnType<typeof setInterval> | undefined = peers.length ? setInterval(hello, retryMs) : undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { channel?: unknown; type?: unknown; message?: unknown } | null;
    if (typeof data !== 'object' || data === null || data.channel !== MONITOR_CHANNEL || data.type !== 'message') return;
    clearInterval(timer);
    timer = undefined;
    try {
      store.apply(parseMessage(data.message));
    } catch (e) {
      onError(e);
    }
  };
  win.addEventListener('message', listener);
  hello();
  return () => {
    clearInterval(timer);
    win.removeEventListener('message', listener);
  };
}
