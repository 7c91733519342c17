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
  // Not a 3.x node method (the node only has getTransaction); kept as an alias because SDK
  // docs and the Java SDK constant use this name.
  getTransactionByHash: transactionMethods.getTransaction,
  // The devnode's own extensions (console.log output, failure points), named devnode_*.
  ...devnodeMethods,
};
