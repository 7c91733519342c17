// Work the HTTP server defers to the end of the event loop's poll phase (setImmediate), so that
// the requests one poll finds ready are handled together and their answers written together:
//
// - Handled together: a `call` runs a large code path (the JSON-RPC layer, the EVM, the state's
//   caches) and each request's socket work in between evicts it from the CPU's caches. Run back
//   to back, the handlers find it warm (`npm run bench -- devnode.bench`, docs/BENCHMARKS.md).
// - Written together: each answer written on loopback wakes a client that sleeps waiting for it;
//   written one by one between handlers, every answer paid for that wake-up, together only the
//   first does.
//
// The handlers go first; the answers they settle in the microtasks that Node runs between two
// immediates are written by the second. An answer settled later (a transaction waiting for its
// block) is written after the next poll.

const handlers: (() => void)[] = [];
const writes: (() => void)[] = [];
let handlersDue = false;
let writesDue = false;

function scheduleHandlers(): void {
  if (handlersDue) return;
  handlersDue = true;
  setImmediate(runHandlers);
  // Queued right behind, so the answers the handlers settle are written in the same turn.
  scheduleWrites();
}

function scheduleWrites(): void {
  if (writesDue) return;
  writesDue = true;
  setImmediate(runWrites);
}

function runHandlers(): void {
  handlersDue = false;
  // Each run catches its handler's own throw (handledAfterPoll).
  for (const run of handlers.splice(0)) run();
}

function runWrites(): void {
  writesDue = false;
  // One write that throws must not strand the answers after it: they are written, then it throws.
  let failure: unknown;
  let failed = false;
  for (const write of writes.splice(0)) {
    try {
      write();
    } catch (e) {
      if (!failed) failure = e;
      failed = true;
    }
  }
  if (failed) throw failure;
}

/** Runs `write` (an answer's socket write) once this poll's handlers have run. */
export function writeSoon(write: () => void): void {
  writes.push(write);
  scheduleWrites();
}

/**
 * The handler, run after this poll of the event loop with the other requests it read; or at once
 * when `now(...args)` says so.
 */
export function handledAfterPoll<A extends unknown[], T>(
  handler: (...args: A) => Promise<T>,
  now?: (...args: A) => boolean,
): (...args: A) => Promise<T> {
  return (...args) => {
    if (now?.(...args) === true) return handler(...args);
    return new Promise<T>((resolve, reject) => {
      handlers.push(() => {
        try {
          handler(...args).then(resolve, reject);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
      scheduleHandlers();
    });
  };
}
