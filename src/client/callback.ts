// Callback ("…Async") forms of the Promise API: the callback runs exactly once, with
// (null, result) or (error), never synchronously, and an exception it throws is re-thrown
// on its own tick rather than swallowed or fed back into the callback.

export type Callback<R> = (error: Error | null, result?: R) => void;

type Prefixes<T extends unknown[]> = T extends [...infer Init, unknown] ? T | Prefixes<Init> : T;

/**
 * The arguments of an Async form: any valid argument list of the Promise form (optional
 * trailing arguments may be left out), then the callback.
 */
export type AsyncArgs<P extends unknown[], R> =
  Extract<Prefixes<Required<P>>, P> extends infer A ? (A extends unknown[] ? [...A, Callback<R>] : never) : never;

export function deliver<R>(promise: Promise<R>, callback: Callback<R>): void {
  promise.then(
    (result) => invoke(callback, null, result),
    (error: unknown) => invoke(callback, error instanceof Error ? error : new Error(String(error))),
  );
}

function invoke<R>(callback: Callback<R>, error: Error | null, result?: R): void {
  try {
    if (error) callback(error);
    else callback(null, result);
  } catch (thrown) {
    process.nextTick(() => {
      throw thrown;
    });
  }
}

/** Splits `args` into the Promise-form arguments and the trailing callback. */
export function splitCallback<R>(name: string, args: unknown[]): [unknown[], Callback<R>] {
  const callback = args[args.length - 1];
  if (typeof callback !== 'function') throw new TypeError(`${name}: the last argument must be a callback (error, result) => void`);
  return [args.slice(0, -1), callback as Callback<R>];
}
