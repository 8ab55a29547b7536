/**
 * This node's event-loop delay, one of the server-capacity measures: Node's own histogram
 * (perf_hooks), read as the 99th percentile of the last full minute or of the minute under way,
 * whichever is worse, so one slow second does not flip the warning and a slow minute does.
 */
import { type ELDHistogram, monitorEventLoopDelay } from "node:perf_hooks";

const WINDOW_MS = 60_000;

export class EventLoopDelay {
  readonly #histogram: ELDHistogram;
  readonly #timer: NodeJS.Timeout;
  #lastWindowNs = 0;

  constructor(windowMs = WINDOW_MS) {
    this.#histogram = monitorEventLoopDelay({ resolution: 20 });
    this.#histogram.enable();
    this.#timer = setInterval(() => {
      this.#lastWindowNs = this.#current();
      this.#histogram.reset();
    }, windowMs);
    this.#timer.unref();
  }

  #current(): number {
    return this.#histogram.count > 0 ? this.#histogram.percentile(99) : 0;
  }

  /** Milliseconds, to a tenth. */
  p99Ms(): number {
    return Math.round(Math.max(this.#lastWindowNs, this.#current()) / 1e5) / 10;
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#histogram.disable();
  }
}
