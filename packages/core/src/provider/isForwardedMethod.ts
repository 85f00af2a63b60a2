/** Methods that sign or send with an account: never forwarded to the node (docs/provider.md#read-only-methods). */
const refused = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_coinbase',
  'eth_sendUnsignedTransaction',
])

/**
 * Whether the provider forwards `method` to the active chain's transport: `eth_*`, `net_*` and `web3_*`
 * methods other than those that act with an account (`eth_sign`, `eth_signTransaction`, older typed-data
 * versions, …), which answer 4200 like any other unknown method.
 *
 * @example
 * isForwardedMethod('eth_getBalance') // true
 * isForwardedMethod('eth_sign') // false
 */
export function isForwardedMethod(method: string): boolean {
  return /^(eth|net|web3)_[A-Za-z0-9_]+$/.test(method) && !refused.has(method)
}
