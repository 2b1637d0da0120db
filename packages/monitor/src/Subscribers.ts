import { UserCodeError } from '@dualplan/world-state';
import type { RecordingMessage } from './Recording.js';
import type { RecordingListener } from './RecorderOptions.js';

/**
 * @internal A recorder's subscribers and the delivery of its messages to them.
 * Subscribers are the user's code (a WebSocket feed, a UI): each is contained
 * on its own, as a runner contains its event listeners. One that throws is
 * reported as a `LISTENER_THREW` {@link UserCodeError} and still gets later
 * messages; it never keeps a message from the subscribers after it, nor lets
 * anything escape `flush()` or the flush timer.
 */
export class Subscribers {
  /** Replaced, never changed in place: a subscriber may unsubscribe (itself or another) during a delivery. */
  private list: readonly RecordingListener[] = [];
  /** Subscriber failures contained so far. */
  faults = 0;
  /** Subscribers already logged to the console (with no `onFault`, each is logged once). */
  private readonly logged = new WeakSet<RecordingListener>();

  constructor(private readonly onFault: ((error: UserCodeError) => void) | undefined) {}

  /** How many there are. */
  get length(): number {
    return this.list.length;
  }

  /** Add `listener`; returns the function that removes it. */
  add(listener: RecordingListener): () => void {
    this.list = [...this.list, listener];
    return () => {
      this.list = this.list.filter((l) => l !== listener);
    };
  }

  /** Deliver `message` to every subscriber. */
  send(message: RecordingMessage): void {
    for (const l of this.list) this.deliver(l, message);
  }

  /** Deliver `message` to one subscriber, contained. */
  deliver(listener: RecordingListener, message: RecordingMessage): void {
    try {
      listener(message);
    } catch (thrown) {
      this.threw(listener, message, thrown);
    }
  }

  private threw(listener: RecordingListener, message: RecordingMessage, thrown: unknown): void {
    this.faults++;
    const error = new UserCodeError('LISTENER_THREW', message.type, 'listener', `A recorder subscriber threw on an ${message.type} message`, thrown);
    if (this.onFault !== undefined) {
      try {
        this.onFault(error);
      } catch {
        // The fault handler's own failure: nowhere left to report it, and delivery goes on.
      }
    } else if (!this.logged.has(listener)) {
      // Loud, but once per subscriber: a broken feed flushing ten times a second must not flood the console.
      this.logged.add(listener);
      console.error(`${error.message} (logged once per subscriber; pass onFault to record() to see each)`);
    }
  }
}
