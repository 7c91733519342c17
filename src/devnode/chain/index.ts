export { createChain, BLOCK_LIMIT, COMPATIBILITY_VERSION } from './chain';
export { TxRejected } from './types';
export type * from './types';
