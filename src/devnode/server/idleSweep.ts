// Inactivity timeouts for the lean HTTP path's connections, checked by one periodic sweep
// instead of a timer per socket. node's `socket.setTimeout` refreshes the socket's timer on every
// read and every write, two timer-list insertions per request: about 5% of the server's CPU for a
// getBlockNumber (a CPU profile of the devnode bench's read phase). Here a connection's activity
// is one integer increment, and the sweep notices it.
//
// A timeout fires between `ms` and `ms` + 2 sweep periods after the connection's last activity;
// node:http's own headers check is coarser (its connectionsCheckingInterval is 30 s).

/** One connection's inactivity clock; the connection bumps `activity` on every read and write. */
export class IdleClock {
  activity = 0;
  /** The timeout in ms (0: none), set with `IdleSweep.arm`. */
  ms = 0;
  seen = 0;
  idleSince = 0;

  constructor(readonly onTimeout: () => void) {}
}

// Often enough for the 1 s slack node:http adds to keep-alive; rare enough to cost nothing.
const PERIOD_MS = 250;

export class IdleSweep {
  private readonly entries = new Set<IdleClock>();
  private timer: NodeJS.Timeout | undefined;

  /** A clock for a new connection; `onTimeout` runs each time it has been idle `ms` long. */
  add(onTimeout: () => void): IdleClock {
    const e = new IdleClock(onTimeout);
    this.entries.add(e);
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.sweep(), PERIOD_MS);
      this.timer.unref();
    }
    return e;
  }

  /** Sets the timeout (0 turns it off); the idle time counts from now. */
  arm(clock: IdleClock, ms: number): void {
    clock.ms = ms;
    clock.seen = clock.activity;
    clock.idleSince = performance.now();
  }

  /** The connection is gone or no longer this path's. */
  remove(clock: IdleClock): void {
    this.entries.delete(clock);
    if (this.entries.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private sweep(): void {
    const now = performance.now();
    for (const e of this.entries) {
      if (e.ms === 0) continue;
      if (e.activity !== e.seen) {
        e.seen = e.activity;
        e.idleSince = now;
      } else if (now - e.idleSince >= e.ms) {
        // Again after another `ms` of quiet (node's socket timer waits for activity first; the
        // lean path ignores a timeout while a request is under way either way).
        e.idleSince = now;
        e.onTimeout();
      }
    }
  }
}
