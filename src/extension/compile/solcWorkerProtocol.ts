// Messages between the extension host and the solc worker (compile/solcWorker.ts).

export interface WorkerRequest {
  id: number;
  /** Standard-JSON input. */
  input: string;
  /** Workspace folder imports resolve from. */
  root: string;
  /** Configured soljson.js, or '' for the bundled solc. */
  soljsonPath: string;
}

export type WorkerReply =
  | { id: number; type: 'loaded'; version: string; threadId: number }
  | { id: number; type: 'done'; output: string }
  | { id: number; type: 'error'; message: string };
