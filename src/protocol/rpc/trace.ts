// The step-trace shape of the devnode's debugger methods (`devnode_debugTrace*`, a devnode
// extension; real FISCO nodes have no trace method), shared by the devnode that records it and
// the SDK and debugger that read it. Type aliases (not interfaces) so they are JSON values.

export type BuiltinCall = {
  /** The built-in's name in the devnode's registry (e.g. "TableManager", "BFS"). */
  name: string;
  input: string;
  output: string;
  /** The built-in's status (0 = success, as in receipts). */
  status: number;
};

export type TraceStep = {
  pc: number;
  op: string;
  /** Gas left before the instruction. */
  gas: number;
  depth: number;
  /** Index into `frames`. */
  frame: number;
  /** Stack bottom first, each item "0x" hex without leading zeros. */
  stack: string[];
  /** The whole memory as hex, present only when it changed since the frame's last snapshot. */
  memory?: string;
  /** For SSTORE: the slot and value written (0x hex). */
  storage?: [string, string];
  /**
   * A call into a built-in contract: one step with its decoded name, input and result, placed when
   * the built-in starts, before the steps of any code it calls (those are one level deeper). Its
   * `gas` is the gas the built-in was given, as a called contract's first step reports. A built-in
   * that fails on its own after the code it called returned has a second BUILTIN step, without
   * `builtin`, after that code's steps: where it failed, with the gas it had left.
   */
  builtin?: BuiltinCall;
};

export type TraceFrame = {
  kind: 'call' | 'create' | 'delegatecall' | 'staticcall' | 'callcode';
  depth: number;
  caller: string;
  /** Storage context; for a creation the new contract's address. */
  address: string;
  /** Whose code runs; for a creation the same as address. */
  codeAddress: string;
  /** Key into `codes` of the code this frame runs (init code for creations). */
  code: string;
  input: string;
  /** Index of the frame that made this call; -1 for the transaction's own frame. */
  parent: number;
  /** Filled when the frame ends. */
  error?: string;
  output?: string;
};

/** An account's storage before the transaction (its state when its first frame starts). */
export type PreStorage = {
  /** Slot → value (0x hex without leading zeros); only non-zero slots. */
  slots: Record<string, string>;
  /** False when the account has more slots than the trace carries: a missing slot is unknown. */
  complete: boolean;
};

export type Trace = {
  steps: TraceStep[];
  frames: TraceFrame[];
  /** Code by key: runtime code keyed by address, init code keyed "init:<frame>". */
  codes: Record<string, string>;
  /**
   * Storage before the transaction of every account whose storage a frame ran in (by address),
   * so a debugger can show state the transaction never touched. Absent from older devnodes.
   */
  preStorage?: Record<string, PreStorage>;
};
