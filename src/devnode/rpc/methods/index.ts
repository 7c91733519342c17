// The method table by wire name.

import type { MethodTable } from '../context';
import { transactionMethods } from './transactions';
import { ledgerMethods } from './ledger';
import { consensusMethods } from './consensus';
import { groupMethods } from './groups';
import { filterMethods } from './filters';
import { devnodeMethods } from './devnode';

export const methods: MethodTable = {
  ...transactionMethods,
  ...ledgerMethods,
  ...consensusMethods,
  ...groupMethods,
  ...filterMethods,
  // No getTransactionByHash alias: a real 3.x node answers it with -32601 (method not found),
  // and answering it here would hide a client that sends the wrong name.
  // The devnode's own extensions (console.log output, failure points), named devnode_*.
  ...devnodeMethods,
};
