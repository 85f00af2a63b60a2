import { type Address, type EncodedAccount, getBase64Decoder, lamports } from '@solana/kit'
import type { SolanaRuntime } from './createSolanaRuntime.js'
import { readRpcParams } from './readRpcParams.js'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import { toAccountJson } from './toAccountJson.js'

export type AccountNotification = {
  context: { slot: bigint }
  value: NonNullable<ReturnType<typeof toAccountJson>>
}

const commitments = new Set(['processed', 'confirmed', 'finalized'])
const systemProgram = '11111111111111111111111111111111' as Address

/**
 * `accountSubscribe`'s watch on one account: after every landed transaction (airdrops too) whose result changed
 * the account's lamports, owner, data or executable flag, `listener` gets `{ context: { slot }, value }`, the
 * account as getAccountInfo gives it in the requested `encoding` (`dataSlice` applied). An account that does
 * not exist (closed, or never funded) is reported as Solana stores it: 0 lamports, no data, owned by the System
 * Program. Every commitment is accepted: here a landed transaction is finalized at once. Bad params (an
 * unknown encoding or commitment) throw -32602 before anything is watched. Returns the function that stops it.
 *
 * @example
 * const stop = watchSolanaAccount(runtime, [address, { encoding: 'base64' }], (result) => notify(id, result))
 * stop()
 */
export function watchSolanaAccount(
  runtime: SolanaRuntime,
  params: readonly unknown[],
  listener: (notification: AccountNotification) => void,
): () => void {
  const address = readRpcParams.address(params, 0)
  const config = readRpcParams.config(params, 1)
  if (config.commitment !== undefined && !commitments.has(config.commitment as string))
    throw new SolanaRpcError(
      solanaRpcErrorCodes.INVALID_PARAMS,
      `Invalid params: unknown commitment ${JSON.stringify(config.commitment)}: use processed, confirmed or finalized`,
    )
  const read = (): EncodedAccount => {
    const account = runtime.svm.getAccount(address)
    return account.exists
      ? account
      : ({
          address,
          data: new Uint8Array(),
          executable: false,
          lamports: lamports(0n),
          programAddress: systemProgram,
          space: 0n,
        } satisfies EncodedAccount)
  }
  const fingerprint = (account: EncodedAccount) =>
    `${account.lamports}:${account.programAddress}:${account.executable}:${getBase64Decoder().decode(account.data)}`
  const initial = read()
  // Refuses an encoding it cannot give (also base58 of more than 128 bytes) now, as getAccountInfo would.
  toAccountJson(initial, config)
  let last = fingerprint(initial)
  return runtime.onLanded((_signature, landed) => {
    const account = read()
    const now = fingerprint(account)
    if (now === last) return
    last = now
    let value: AccountNotification['value'] | null
    try {
      value = toAccountJson(account, config)
    } catch {
      // Data grown past what base58 can carry: Agave skips the notification too.
      return
    }
    if (value) listener({ context: { slot: landed.slot }, value })
  })
}
