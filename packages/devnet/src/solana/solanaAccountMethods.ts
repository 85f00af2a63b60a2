import type { Address } from '@solana/kit'
import { readRpcParams } from './readRpcParams.js'
import type { SolanaRpcMethod } from './SolanaRpcMethod.js'
import { toAccountJson } from './toAccountJson.js'
import { withContext } from './withContext.js'

/** Agave's cap on getMultipleAccounts. */
const maxMultipleAccounts = 100

/**
 * The account methods: balances, account data (base64 / base58), rent exemption and airdrops.
 *
 * @example
 * solanaAccountMethods.getBalance(runtime, [address]) // { context: { slot: 3n }, value: 1000000000n }
 */
export const solanaAccountMethods: Record<string, SolanaRpcMethod> = {
  getBalance(runtime, params) {
    const address = readRpcParams.address(params, 0)
    return withContext(runtime, runtime.svm.getBalance(address) ?? 0n)
  },
  getAccountInfo(runtime, params) {
    const address = readRpcParams.address(params, 0)
    const config = readRpcParams.config(params, 1)
    return withContext(runtime, toAccountJson(runtime.svm.getAccount(address), config))
  },
  getMultipleAccounts(runtime, params) {
    const addresses = readRpcParams.strings(params, 0, 'base58 addresses', maxMultipleAccounts)
    const config = readRpcParams.config(params, 1)
    return withContext(
      runtime,
      addresses.map((_, index) =>
        toAccountJson(runtime.svm.getAccount(readRpcParams.address(addresses, index) as Address), config),
      ),
    )
  },
  getMinimumBalanceForRentExemption(runtime, params) {
    const size = params[0] === undefined ? 0n : readRpcParams.u64(params, 0, 'the account data size')
    return runtime.svm.minimumBalanceForRentExemption(size)
  },
  requestAirdrop(runtime, params) {
    const address = readRpcParams.address(params, 0)
    const lamports = readRpcParams.u64(params, 1, 'the lamports to airdrop')
    return runtime.airdrop(address, lamports)
  },
}
