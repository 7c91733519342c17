// One EVM and one state: block execution and calls take turns, in arrival order.

export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  /** Runs started or queued and not yet settled. */
  private held = 0;

  run<T>(fn: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    // Counted before fn starts: a run it starts itself queues behind it, as before.
    if (this.held++ === 0) {
      // Free: start at once. Queued behind a settled tail, a run (a `call`, mostly) waited a
      // microtask turn and resolved through two more (a promise resolved with a promise).
      try {
        result = fn();
      } catch (e) {
        result = Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    } else result = this.tail.then(fn, fn);
    const release = () => {
      this.held--;
    };
    this.tail = result.then(release, release);
    return result;
  }
}
