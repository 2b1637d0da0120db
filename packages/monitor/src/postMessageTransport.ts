import type { Breakpoints } from './Breakpoints.js';
import type { DebugCommand, DebugStatus } from './debugCommands.js';
import { MonitorError } from './MonitorError.js';
import type { Recorder } from './Recorder.js';
import type { RecordingMessage } from './Recording.js';

/**
 * The channel name every dualplan monitor message carries, so other messages on the same window are ignored.
 * @example
 * window.addEventListener('message', (e) => {
 *   if (e.data?.channel === MONITOR_CHANNEL) console.log(e.data.type);
 * });
 */
export const MONITOR_CHANNEL = 'dualplan-monitor';

/**
 * What travels over postMessage: the page's hello and debug commands, the
 * game's recording messages, debug status and the error of a refused command.
 */
export type MonitorEnvelope =
  | { readonly channel: typeof MONITOR_CHANNEL; readonly type: 'hello' }
  | { readonly channel: typeof MONITOR_CHANNEL; readonly type: 'message'; readonly message: RecordingMessage }
  | { readonly channel: typeof MONITOR_CHANNEL; readonly type: 'debug'; readonly command: DebugCommand }
  | { readonly channel: typeof MONITOR_CHANNEL; readonly type: 'debugStatus'; readonly status: DebugStatus }
  | { readonly channel: typeof MONITOR_CHANNEL; readonly type: 'debugError'; readonly error: string };

/**
 * One side of a message channel: `post` sends to the other side, `listen`
 * receives from it (and returns the function that stops listening). Make one
 * with {@link windowEndpoint} for windows and iframes, or wrap a `MessagePort`.
 */
export interface MessageEndpoint {
  /** Sends `data` to the other side. */
  post(data: unknown): void;
  /** Calls `handler` with each message from the other side; returns the function that stops listening. */
  listen(handler: (data: unknown) => void): () => void;
}

/** The part of a `Window` (or `MessagePort`-like object) an endpoint needs; no DOM types required. */
export interface WindowLike {
  /** Sends `message` to the window, if its origin matches `targetOrigin`. */
  postMessage(message: unknown, targetOrigin: string): void;
}
/** The part of a `Window` an endpoint listens on: `message` events; no DOM types required. */
export interface MessageEventSource {
  /** Starts calling `listener` with each message event. */
  addEventListener(type: 'message', listener: (event: { data: unknown; origin?: string; source?: unknown }) => void): void;
  /** Stops calling `listener`. */
  removeEventListener(type: 'message', listener: (event: { data: unknown; origin?: string; source?: unknown }) => void): void;
}

/**
 * An endpoint between two windows: posts to `target` (for example an iframe's
 * `contentWindow`, or `window.parent` inside the iframe) with `origin`, and
 * receives on `self` only messages from `target` and from `origin` (unless `'*'`).
 * @example
 * const endpoint = windowEndpoint(window, iframe.contentWindow!, location.origin);
 * servePostMessage(recorder, endpoint);
 */
export function windowEndpoint(self: MessageEventSource, target: WindowLike, origin: string): MessageEndpoint {
  return {
    post: (data) => target.postMessage(data, origin),
    listen(handler) {
      const listener = (event: { data: unknown; origin?: string; source?: unknown }) => {
        if (event.source !== undefined && event.source !== null && event.source !== target) return;
        if (origin !== '*' && event.origin !== undefined && event.origin !== origin) return;
        handler(event.data);
      };
      self.addEventListener('message', listener);
      return () => self.removeEventListener('message', listener);
    },
  };
}

function isEnvelope(data: unknown): data is MonitorEnvelope {
  return data !== null && typeof data === 'object' && (data as { channel?: unknown }).channel === MONITOR_CHANNEL;
}

/** Options of {@link servePostMessage}. */
export interface ServeOptions {
  /** The game's breakpoints: the page's debug commands go to them (checked), their status to the page. */
  breakpoints?: Breakpoints;
}

/**
 * Serve a recorder to a monitor page over postMessage. Nothing is sent until
 * the page says hello (so nothing is lost while it loads: the recorder's
 * retention buffers hold the history); each hello gets a fresh snapshot, then
 * updates follow. With `breakpoints`, the page's debug commands are applied
 * (a refused one is answered with `debugError`) and each debug status is sent.
 * Returns the function that stops serving.
 * @example
 * const stop = servePostMessage(recorder, windowEndpoint(window, monitorFrame.contentWindow!, '*'));
 */
export function servePostMessage(recorder: Recorder, endpoint: MessageEndpoint, options: ServeOptions = {}): () => void {
  let unsubscribe: (() => void) | null = null;
  const post = (envelope: MonitorEnvelope) => endpoint.post(envelope);
  const debug = options.breakpoints;
  const stopStatus = debug?.subscribe((status) => post({ channel: MONITOR_CHANNEL, type: 'debugStatus', status })) ?? (() => {});
  const stopListening = endpoint.listen((data) => {
    if (!isEnvelope(data)) return;
    if (data.type === 'debug' && debug !== undefined) {
      try {
        debug.handle(data.command);
      } catch (e) {
        post({ channel: MONITOR_CHANNEL, type: 'debugError', error: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
    if (data.type !== 'hello') return;
    unsubscribe?.();
    unsubscribe = recorder.subscribe((message) => post({ channel: MONITOR_CHANNEL, type: 'message', message }));
    if (debug !== undefined) post({ channel: MONITOR_CHANNEL, type: 'debugStatus', status: debug.status() });
  });
  return () => {
    stopListening();
    stopStatus();
    unsubscribe?.();
    unsubscribe = null;
  };
}

/**
 * The page side of debugging over postMessage: send one command to the game
 * (served with {@link servePostMessage}'s `breakpoints`).
 * @example
 * postDebugCommand(windowEndpoint(window, window.parent, '*'), { type: 'step' });
 */
export function postDebugCommand(endpoint: MessageEndpoint, command: DebugCommand): void {
  endpoint.post({ channel: MONITOR_CHANNEL, type: 'debug', command } satisfies MonitorEnvelope);
}

/** Options of {@link connectPostMessage}. */
export interface ConnectOptions {
  /** Milliseconds between hellos until the first message arrives (default 250). */
  retryMs?: number;
  /** Called with the game's debug status, and with the error text of a command it refused. */
  onDebug?: (status: DebugStatus | { readonly type: 'debugError'; readonly error: string }) => void;
}

/**
 * The page side of {@link servePostMessage}: says hello (repeating until the
 * other side answers, so either side may load first) and passes every
 * recording message to `onMessage` (feed a {@link RecordingMirror}). Returns the function that disconnects.
 * @example
 * const mirror = new RecordingMirror();
 * connectPostMessage(windowEndpoint(window, window.parent, '*'), (m) => { mirror.apply(m); render(mirror.recording); });
 */
export function connectPostMessage(endpoint: MessageEndpoint, onMessage: (message: RecordingMessage) => void, options: ConnectOptions = {}): () => void {
  if (typeof onMessage !== 'function') throw new MonitorError('BAD_LISTENER', 'connectPostMessage', 'connectPostMessage needs an onMessage function.');
  const retryMs = options.retryMs ?? 250;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = endpoint.listen((data) => {
    if (!isEnvelope(data)) return;
    if (data.type === 'debugStatus') return void options.onDebug?.(data.status);
    if (data.type === 'debugError') return void options.onDebug?.({ type: 'debugError', error: data.error });
    if (data.type !== 'message') return;
    if (timer !== null) clearInterval(timer);
    timer = null;
    onMessage(data.message);
  });
  const hello: MonitorEnvelope = { channel: MONITOR_CHANNEL, type: 'hello' };
  endpoint.post(hello);
  timer = setInterval(() => endpoint.post(hello), retryMs);
  (timer as { unref?: () => void }).unref?.();
  return () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    stop();
  };
}
