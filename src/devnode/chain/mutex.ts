// One EVM and one state: block execution and calls take turns, in arrival order.

export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  /** Runs started or queued and not yet settled. */
  private held = 0;

  run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.held++ > 0) {
      const queued = this.tail.then(fn, fn);
      this.tail = queued.then(this.release, this.release);
      return queued;
    }
    // Free: start at once. Queued behind a settled tail, a run (a `call`, mostly) waited a
    // microtask turn and resolved through two more (a promise resolved with a promise). The tail
    // is in place before fn starts, so a run fn starts itself queues behind this one.
    let settled!: () => void;
    this.tail = new Promise<void>((resolve) => (settled = resolve));
    let result: Promise<T>;
    try {
      result = fn();
    } catch (e) {
      result = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    const done = () => {
      this.held--;
      settled();
    };
    result.then(done, done);
    return result;
  }

  private readonly release = () => {
    this.held--;
  };
}
