// Message text for any failure, without vscode (unit-tested): node RPC errors with the method and
// the node's message, tx-pool rejections by status name, transport failures with a hint, reverts
// with their decoded reason and receipt status name. SDK errors are duck-typed by name.

import { statusName } from './models/txStatus';

const field = (err: Error, name: string): unknown => Reflect.get(err, name);

export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // SDK errors carry extra fields (kind, reason, status); read them without trusting their types.
  const e = {
    name: err.name,
    message: err.message,
    kind: field(err, 'kind'),
    reason: field(err, 'reason'),
    status: field(err, 'status'),
  };
  switch (e.name) {
    case 'TransportError': {
      const kind = typeof e.kind === 'string' ? e.kind : '';
      const hint =
        kind === 'connect'
          ? ' Is the node running and is the URL right?'
          : kind === 'tls'
            ? ' Check the TLS certificate folder (ca.crt, sdk.crt, sdk.key; on SM chains sm_ca.crt, sm_sdk.*, sm_ensdk.*).'
            : kind === 'timeout'
              ? ' The node did not answer in time.'
              : '';
      return `${e.message}${hint}`;
    }
    case 'RevertError': {
      const reason = typeof e.reason === 'string' ? e.reason : undefined;
      // The services already name the call, status and reason; bare reverts get them here.
      if (!reason || e.message.includes(reason)) return e.message;
      return `Reverted (${typeof e.status === 'number' ? statusName(e.status) : 'revert'}): ${reason}`;
    }
    default:
      return e.message;
  }
}
