export { createChain, COMPATIBILITY_VERSION } from './chain';
export { BLOCK_LIMIT } from './pool';
export { TxRejected } from './types';
export type * from './types';
