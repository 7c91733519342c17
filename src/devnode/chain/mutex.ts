// One EVM and one state: block execution and calls take turns, in arrival order.

export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  /** Runs started or queued and not yet settled. */
  private held = 0;
  // While a run on a free lock is starting (its fn runs synchronously), its promise does not
  // exist yet: a run that fn starts itself waits on this gate, opened with that promise.
  private starting = false;
  private gate: Promise<unknown> | undefined;
  private openGate: ((outer: Promise<unknown>) => void) | undefined;

  run<T>(fn: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    const release = () => {
      this.held--;
    };
    if (this.held++ === 0) {
      // Free: start at once. Queued behind a settled tail, a run (a `call`, mostly) waited a
      // microtask turn and resolved through two more (a promise resolved with a promise).
      this.starting = true;
      try {
        result = fn();
      } catch (e) {
        result = Promise.reject(e instanceof Error ? e : new Error(String(e)));
      } finally {
        this.starting = false;
      }
      const mine = result.then(release, release);
      const open = this.openGate;
      if (open === undefined) this.tail = mine;
      else {
        // fn queued runs behind the gate: they follow this run, and the tail is the last of them.
        this.gate = this.openGate = undefined;
        open(mine);
      }
      return result;
    }
    if (this.starting && this.gate === undefined)
      result = (this.gate = new Promise((resolve) => (this.openGate = resolve))).then(fn, fn);
    else result = this.tail.then(fn, fn);
    this.tail = result.then(release, release);
    return result;
  }
}
