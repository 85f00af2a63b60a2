import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { Address } from 'viem'

/**
 * The address `CREATE` gives a contract created by `from` at `nonce` (1–127: the only nonces the devnet needs,
 * which RLP-encode as one byte): `keccak256(rlp([from, nonce]))[12:]`, lowercase.
 *
 * @example
 * getCreateAddress('0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', 1) // '0x7fc98430eaedbb6070b35b39d798725049088348'
 */
export function getCreateAddress(from: Address, nonce: number): Address {
  if (!Number.isInteger(nonce) || nonce < 1 || nonce > 0x7f)
    throw new RangeError(`nonce ${nonce} is not 1-127`)
  const rlp = new Uint8Array([0xd6, 0x94, ...hexToBytes(from.slice(2)), nonce])
  return `0x${bytesToHex(keccak_256(rlp).slice(12))}`
}
