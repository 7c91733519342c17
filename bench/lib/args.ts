// The command line of a bench script: values after flags, counts checked, and --help / -h, which
// must print the usage and exit before anything starts (a cut full run can leave peer processes
// behind). A wrong value (`--rounds abc`, `--read-slices 0`, a flag at the end without its value)
// stops the bench with a message naming the flag, instead of running on NaN.

/** A command line the bench cannot run with; the message says which flag and what it expects. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The value after `name` in `argv`, undefined when the flag is absent. */
export function valueIn(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  // A value may start with "-" only as a list of flags for another program ("--node-args '--x'").
  if (value === undefined || (value.startsWith('--') && !isFlagList(name)))
    throw new UsageError(`${name} needs a value`);
  return value;
}

// The flags whose value is itself a list of flags (for node, anvil or a dev node variant).
const FLAG_LISTS = new Set(['--node-args', '--anvil-args', '--ab']);
function isFlagList(name: string): boolean {
  return FLAG_LISTS.has(name);
}

/** Every value given after `name` (a repeatable flag), in order. */
export function valuesIn(argv: readonly string[], name: string): string[] {
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (a !== name) return;
    if (argv[i + 1] === undefined) throw new UsageError(`${name} needs a value`);
    out.push(argv[i + 1]);
  });
  return out;
}

/** The number after `name`, or `fallback`; it must be an integer (or any number) of at least `min`. */
export function numberIn(
  argv: readonly string[],
  name: string,
  fallback: number,
  { min = 1, integer = true }: { min?: number; integer?: boolean } = {},
): number {
  const text = valueIn(argv, name);
  if (text === undefined) return fallback;
  const n = Number(text);
  const what = integer
    ? `an integer of at least ${min}`
    : min === Number.MIN_VALUE
      ? 'a number above 0'
      : `a number of at least ${min}`;
  if (text.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min)
    throw new UsageError(`${name} expects ${what}, not "${text}"`);
  return n;
}

/** Runs `read` on the command line; a UsageError is printed with the usage, and the bench exits 2. */
function orExit<T>(read: (argv: readonly string[]) => T): T {
  try {
    return read(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`error: ${e.message} (--help prints the flags)`);
    process.exit(2);
  }
}

/** The value after `name` on the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  return orExit((argv) => valueIn(argv, name)) ?? fallback;
}

/** Every value after the repeatable flag `name`. */
export function args(name: string): string[] {
  return orExit((argv) => valuesIn(argv, name));
}

/** The count after `name` (an integer >= min, default min 1), or `fallback`. */
export function intArg(name: string, fallback: number, min = 1): number {
  return orExit((argv) => numberIn(argv, name, fallback, { min }));
}

/** The number after `name` (> 0 unless `min` says otherwise, fractions allowed), or `fallback`. */
export function numberArg(name: string, fallback: number, min = Number.MIN_VALUE): number {
  return orExit((argv) => numberIn(argv, name, fallback, { min, integer: false }));
}

/**
 * For a flag whose value may be left out (`--growth [N]`): undefined when absent, `fallback` when
 * given without a value, else the count after it (an integer >= 1).
 */
export function optionalIntIn(argv: readonly string[], name: string, fallback: number): number | undefined {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const next = argv[at + 1];
  if (next === undefined || next.startsWith('--')) return fallback;
  return numberIn(argv, name, fallback);
}

/** optionalIntIn on the command line. */
export function optionalIntArg(name: string, fallback: number): number | undefined {
  return orExit((argv) => optionalIntIn(argv, name, fallback));
}

/** True when the flag `name` is on the command line. */
export function flag(name: string): boolean {
  return process.argv.includes(name);
}

/** Prints `usage` and exits when the command line asks for --help or -h. */
export function helpIfAsked(usage: string): void {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
}
