// The command line of a bench script: values after flags, and --help / -h, which must print the
// usage and exit before anything starts (a cut full run can leave peer processes behind).

/** The value after `name` on the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}

/** Prints `usage` and exits when the command line asks for --help or -h. */
export function helpIfAsked(usage: string): void {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
}
