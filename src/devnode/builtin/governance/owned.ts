// BasicAuth of the committee helper contracts: each is owned by CommitteeManager (0x10001).
// That owner is native here and changes their state directly, never through an external call,
// so every external call to an owner-only function is refused with the contract's revert text.

import { COMMITTEE_MANAGER_ADDRESS } from '../../../protocol/builtin/addresses';
import { CommitteeMessages } from '../../../protocol/builtin/committee';
import { revert } from './call-result';
import type { SolidityHandler } from './solidity-call';
import { normalizeAddress } from '../../../protocol/address';

export const onlyOwner: SolidityHandler = () => revert(CommitteeMessages.OnlyOwner);

export function ownedHandlers(self: string): Record<string, SolidityHandler> {
  return {
    '_owner()': () => [COMMITTEE_MANAGER_ADDRESS],
    'auth(address)': ({ args: [src] }) => {
      const account = normalizeAddress(String(src));
      return [account === self || account === COMMITTEE_MANAGER_ADDRESS];
    },
    'setOwner(address)': onlyOwner,
  };
}
