import type { RunnerEvent, RunnerEventListener } from './RunnerEvent.js';

/**
 * @internal A runner's event listeners: the `onEvent` it was built with and those added since. {@link current} is
 * the one function events go to: undefined with no listener (then the runner builds no event object), the listener
 * itself when there is one, else a fan-out that calls each in turn, a listener that throws kept from the others and
 * handed to `threw`. The list is never changed in place (adding and removing replace it), so a listener may remove
 * itself while an event is delivered.
 */
export class RunnerListeners {
  private listener: RunnerEventListener | undefined;
  private list: RunnerEventListener[] = [];

  constructor(
    first: RunnerEventListener | undefined,
    private readonly threw: (event: RunnerEvent, thrown: unknown) => void,
  ) {
    this.listener = first;
  }

  /** Where events go now, or undefined. */
  get current(): RunnerEventListener | undefined {
    return this.listener;
  }

  /** Send events to `listener` too, after the others; returns the function that removes it. */
  add(listener: RunnerEventListener): () => void {
    if (this.list.length === 0 && this.listener !== undefined) this.list.push(this.listener);
    this.list = [...this.list, listener];
    this.listener = this.list.length === 1 ? listener : this.fanOut;
    return () => {
      const i = this.list.indexOf(listener);
      if (i < 0) return;
      this.list = this.list.filter((_, j) => j !== i);
      this.listener = this.list.length === 0 ? undefined : this.list.length === 1 ? this.list[0] : this.fanOut;
    };
  }

  private readonly fanOut: RunnerEventListener = (event) => {
    for (const l of this.list) {
      try {
        l(event);
      } catch (thrown) {
        this.threw(event, thrown);
      }
    }
  };
}
