import { parseMessage } from '../parseMessage.js';
import type { MonitorStore } from '../MonitorStore.js';

/** Connection state, for the page's status line. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

/**
 * Feed `store` from a WebSocket (a game server's recorder on 127.0.0.1): each
 * text frame is one JSON recording message. Reconnects after a second when
 * the connection drops (the server sends a snapshot to each new connection).
 * Returns the function that closes it for good.
 * @example
 * const close = connectWebSocket('ws://127.0.0.1:8790', monitor.store, (s) => status.textContent = s, console.warn);
 */
export function connectWebSocket(url: string, store: MonitorStore, onStatus: (s: SocketStatus) => void, onError: (e: unknown) => void): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    onStatus('connecting');
    socket = new WebSocket(url);
    socket.addEventListener('open', () => onStatus('open'));
    socket.addEventListener('message', (event) => {
      try {
        store.apply(parseMessage(JSON.parse(String(event.data))));
      } catch (e) {
        onError(e);
      }
    });
    socket.addEventListener('close', () => {
      onStatus('closed');
      if (!stopped) timer = setTimeout(open, 1000);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
