// The environment every launcher gives the dev node's process (the extension, the Test Explorer's
// throwaway chain, `npm start`, the benches). glibc gives each thread that allocates its own
// malloc arena and never hands freed arena memory back: V8's four worker threads kept 7-8 MiB
// each with under 60 KB in use, and the main arena 42-44 MiB with 30-32 in use, at 60,000-90,000
// transactions. Two arenas shared by all threads held the node's anonymous memory 20-27 MiB
// lower at the same CPU per transaction (docs/BENCHMARKS.md, "Memory at height"). glibc reads the
// variable before the first allocation, so the process cannot set it for itself; whoever starts
// it does. Other allocators ignore it. A value the user set wins.

/** Variables the dev node's process gets unless the caller's environment sets them. */
export const DEVNODE_PROCESS_DEFAULTS: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** `base` (the launcher's environment) with the dev node's defaults under it and `extra` over it. */
export function devnodeProcessEnv(
  base: NodeJS.ProcessEnv = process.env,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return { ...DEVNODE_PROCESS_DEFAULTS, ...base, ...extra };
}
