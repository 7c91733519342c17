// Keccak / SM3 hashers for unit tests that run without the protocol CryptoSuite.
import { getBytes, keccak256 } from 'ethers';
import { sm3 } from 'sm-crypto-v2';
import type { Hasher } from '../../../src/protocol/builtin/abi';

export const keccakHasher: Hasher = { hash: (data) => getBytes(keccak256(data)) };
export const sm3Hasher: Hasher = { hash: (data) => getBytes('0x' + sm3(data)) };
