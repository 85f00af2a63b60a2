import { type Address, isHex, type SignableMessage } from 'viem'
import { invalidParams } from './invalidParams.js'
import { paramsArray } from './paramsArray.js'
import { parseAddress } from './parseAddress.js'

/**
 * `personal_sign`'s params `[message, address]`: a hex message is signed as its bytes (as wallets do), any
 * other string as UTF-8 text.
 *
 * @example
 * parsePersonalSignParams(['0x68656c6c6f', account]) // { message: { raw: '0x68656c6c6f' }, address }
 */
export function parsePersonalSignParams(params: unknown): { message: SignableMessage; address: Address } {
  const [message, address] = paramsArray('personal_sign', params, 2)
  if (typeof message !== 'string')
    throw invalidParams('personal_sign: the message (params[0]) must be a string')
  return {
    message: isHex(message, { strict: true }) ? { raw: message } : message,
    address: parseAddress(address, 'personal_sign: the address (params[1])'),
  }
}
