// CryptoPrecompiled at 0x100a (bcos-executor CryptoPrecompiled::call): sm3 and keccak256 of any
// bytes on either chain type, SM2 verification returning the signer's address. Metered like the
// node (gas from the input and output sizes). curve25519VRFVerify needs WeDPR's VRF, which the
// devnode does not have: it is refused with a clear error rather than answering "false".

import { CRYPTO_ADDRESS } from '../../protocol/builtin/addresses';
import { sm2Verify } from '../../protocol/crypto/sm';
import { keccak256, sm3 } from '../../protocol/crypto/suite';
import { getBytes } from 'ethers';
import { concatBytes, toHex } from '../../protocol/hex';
import { definePrecompiled, PrecompiledError } from './precompiled-base';

export const CRYPTO_ABI = [
  'function sm3(bytes data) view returns (bytes32)',
  'function keccak256Hash(bytes data) view returns (bytes32)',
  'function sm2Verify(bytes32 message, bytes publicKey, bytes32 r, bytes32 s) view returns (bool, address)',
  'function curve25519VRFVerify(bytes message, bytes publicKey, bytes proof) view returns (bool, uint256)',
] as const;

const ZERO_ADDRESS = '0x' + '0'.repeat(40);

function bytesArg(value: unknown): Uint8Array {
  return getBytes(String(value));
}

export const cryptoPrecompiled = definePrecompiled({
  address: CRYPTO_ADDRESS,
  name: 'CryptoPrecompiled',
  abi: CRYPTO_ABI,
  // The node meters this one: setMemUsed(params size), then updateMemUsed(result size).
  meteredInput: (input) => Math.max(0, input.length - 4),
  functions: {
    'sm3(bytes)': { run: (_ctx, args) => [sm3(bytesArg(args[0]))] },
    'keccak256Hash(bytes)': { run: (_ctx, args) => [keccak256(bytesArg(args[0]))] },
    'sm2Verify(bytes32,bytes,bytes32,bytes32)': {
      run(_ctx, args) {
        // CryptoPrecompiled::sm2Verify: (true, right160(sm3(pub))) when (r, s) verifies against
        // the given public key, else (false, 0x0); malformed input is (false, 0x0) too.
        const message = bytesArg(args[0]);
        let publicKey = bytesArg(args[1]);
        if (publicKey.length === 65 && publicKey[0] === 4) publicKey = publicKey.subarray(1);
        const rs = concatBytes(bytesArg(args[2]), bytesArg(args[3]));
        let ok: boolean;
        try {
          ok = sm2Verify(message, rs, publicKey);
        } catch {
          ok = false;
        }
        if (!ok) return [false, ZERO_ADDRESS];
        return [true, toHex(sm3(publicKey).subarray(12))];
      },
    },
    'curve25519VRFVerify(bytes,bytes,bytes)': {
      run() {
        throw new PrecompiledError(
          'CryptoPrecompiled: curve25519VRFVerify is not available on the devnode (it needs WeDPR VRF); test it on a real node',
        );
      },
    },
  },
});
