/**
 * The signing actions that hash with viem before signing, as one module: the signer's methods and
 * its viem account (`signerActions`, `toViemAccount`) load it on their first signature, so an app
 * fetches this part of viem only when it signs, in one request (apps/demo/bench/README.md).
 */
export { signAuthorization } from './signAuthorization.js'
export { signMessage } from './signMessage.js'
export { signTransaction } from './signTransaction.js'
export { signTypedData } from './signTypedData.js'
