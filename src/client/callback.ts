// Callback ("…Async") forms of the Promise API: the callback runs exactly once, with
// (null, result) or (error), never synchronously, and an exception it throws is re-thrown
// on its own tick rather than swallowed or fed back into the callback.

import { asError } from '../protocol/unknownValues';

export type Callback<R> = (error: Error | null, result?: R) => void;

type Prefixes<T extends unknown[]> = T extends [...infer Init, unknown] ? T | Prefixes<Init> : T;

/**
 * The arguments of an Async form: any valid argument list of the Promise form (optional
 * trailing arguments may be left out), then the callback.
 */
export type AsyncArgs<P extends unknown[], R> =
  Extract<Prefixes<Required<P>>, P> extends infer A
    ? A extends unknown[]
      ? [...A, Callback<R>]
      : never
    : never;

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
  if (typeof callback !== 'function')
    throw new TypeError(`${name}: the last argument must be a callback (error, result) => void`);
  // The caller's overloads type the callback; at run time only "is a function" can be checked.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return [args.slice(0, -1), callback as Callback<R>];
}

/**
 * Callback form of `fn`: runs it with the arguments before the callback (the last argument) and
 * hands its outcome to the callback; an exception `fn` throws synchronously reaches the callback too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runAsync<R>(name: string, args: unknown[], fn: (...a: any[]) => Promise<R>): void {
  const [rest, callback] = splitCallback<R>(name, args);
  let promise: Promise<R>;
  try {
    promise = fn(...rest);
  } catch (err) {
    promise = Promise.reject(asError(err));
  }
  deliver(promise, callback);
}

/** The names of `T`'s methods that return a Promise. */
export type PromiseMethod<T> = {
  [K in keyof T]-?: T[K] extends (...a: never[]) => Promise<unknown> ? K : never;
}[keyof T];

/** `target[method]`'s callback form, `${method}Async` (see runAsync). */
export function runMethodAsync<T>(target: T, method: PromiseMethod<T>, args: unknown[]): void {
  // PromiseMethod<T> guarantees target[method] is a Promise-returning method; TypeScript cannot
  // narrow an indexed access through that mapped type.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  const fn = target[method] as (...a: unknown[]) => Promise<unknown>;
  runAsync(`${String(method)}Async`, args, (...rest: unknown[]) => fn.apply(target, rest));
}
