import { createApiKeyStamp } from '@sigil/protocol'
import type { Address, Hex, PublicClient } from 'viem'
import {
  entryPoint07Address,
  formatUserOperation,
  formatUserOperationRequest,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toSimpleTestAccount } from '../../rpc/test/toSimpleTestAccount.js'
import { toSponsoredOperation } from '../toSponsoredOperation.js'

/** Who calls the gateway: its URL (the app key in the path, or `origin`), maybe with a Sigil session's stamp. */
export type GatewayCaller =
  | string
  | {
      url: string
      origin?: string
      /** A signed-in user's session key: each body is stamped (`X-Stamp`, `X-Sigil-Organization`). */
      session?: { privateKey: string; organizationId: string }
    }

type Answer = { result?: unknown; error?: { code: number; message: string } }

/**
 * One JSON-RPC call to the gateway through the real listener, as `caller`.
 *
 * @example
 * const { result, error } = await gatewayRpc(`${listener.url}/rpc/31337/${apiKey}`, 'eth_chainId', [])
 */
export async function gatewayRpc(caller: GatewayCaller, method: string, params: unknown): Promise<Answer> {
  const { url, origin, session } = typeof caller === 'string' ? { url: caller } : caller
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (origin) headers.origin = origin
  if (session) {
    const stamp = await createApiKeyStamp({ body, privateKey: session.privateKey })
    headers[stamp.stampHeaderName] = stamp.stampHeaderValue
    headers['X-Sigil-Organization'] = session.organizationId
  }
  const response = await fetch(url, { method: 'POST', headers, body })
  return (await response.json()) as Answer
}

export type Sponsored =
  | { error: { code: number; message: string } }
  | { userOperation: UserOperation<'0.7'>; maxCostWei: bigint }

/**
 * The signed operation of a sponsorship answer, or the test fails with its error.
 *
 * @example
 * const { userOperation, maxCostWei } = signedOf(await account.sponsor(url, policyId))
 */
export function signedOf(answer: Sponsored) {
  if ('error' in answer) throw new Error(`expected a signature, got ${JSON.stringify(answer.error)}`)
  return answer
}

export type SponsorOptions = {
  /** `alchemy_requestGasAndPaymasterAndData` overrides (hex values or `{ multiplier }`): an expensive operation. */
  overrides?: Record<string, unknown> | undefined
  /** The nonce key (high 192 bits): another key is another operation of the same sender. */
  nonceKey?: bigint | undefined
}

/**
 * A fresh SimpleAccount (v0.7, not deployed) of `factory`, and `sponsor`: gas, fees and signed paymaster
 * data for its first operation (an empty call to itself) under `policyId` through
 * `alchemy_requestGasAndPaymasterAndData`, signed by the owner. Answers the signed operation and its worst
 * case, or the gateway's error.
 *
 * @example
 * const { sponsor } = await newSponsorTestAccount({ publicClient, factory, chainId: 31337 })
 * const { userOperation } = signedOf(await sponsor(url, policyId))
 */
export async function newSponsorTestAccount({
  publicClient,
  factory,
  chainId,
}: {
  publicClient: PublicClient
  factory: Address
  chainId: number
}) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSimpleTestAccount({ client: publicClient, owner, version: '0.7', factory })
  const draftOf = async (nonceKey = 0n) => {
    const code = await publicClient.getCode({ address: account.address })
    const args = code ? {} : await account.getFactoryArgs()
    return {
      sender: account.address,
      nonce: await account.getNonce({ key: nonceKey }),
      callData: await account.encodeCalls([{ to: account.address, value: 0n, data: '0x' }]),
      ...args,
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      maxFeePerGas: 0n,
      maxPriorityFeePerGas: 0n,
      signature: await account.getStubSignature(),
    } as UserOperation<'0.7'>
  }
  const sponsor = async (
    caller: GatewayCaller,
    policyId: string,
    { overrides, nonceKey }: SponsorOptions = {},
  ): Promise<Sponsored> => {
    const draft = await draftOf(nonceKey)
    const answer = await gatewayRpc(caller, 'alchemy_requestGasAndPaymasterAndData', [
      {
        policyId,
        entryPoint: entryPoint07Address,
        userOperation: formatUserOperationRequest(draft),
        dummySignature: draft.signature,
        ...(overrides ? { overrides } : {}),
      },
    ])
    if (!answer.result) return { error: answer.error! }
    const userOperation = { ...draft, ...formatUserOperation(answer.result as never) } as UserOperation<'0.7'>
    userOperation.signature = await account.signUserOperation(userOperation)
    const { maxCostWei } = toSponsoredOperation(userOperation, {
      version: '0.7',
      chainId,
      entryPoint: entryPoint07Address,
    })
    return { userOperation, maxCostWei }
  }
  return { account, owner, sponsor }
}

/**
 * `eth_sendUserOperation` of a signed operation to the gateway (EntryPoint v0.7).
 *
 * @example
 * const { result: hash } = await sendTestUserOperation(url, userOperation)
 */
export const sendTestUserOperation = (caller: GatewayCaller, userOperation: UserOperation) =>
  gatewayRpc(caller, 'eth_sendUserOperation', [
    formatUserOperationRequest(userOperation),
    entryPoint07Address,
  ])

/**
 * Polls `eth_getUserOperationReceipt` (up to 30 s) until the operation is included.
 *
 * @example
 * const { success, actualGasCost } = await waitForTestReceipt(url, hash)
 */
export async function waitForTestReceipt(caller: GatewayCaller, hash: unknown) {
  for (let tries = 0; tries < 600; tries++) {
    const { result } = await gatewayRpc(caller, 'eth_getUserOperationReceipt', [hash])
    if (result) return result as { success: boolean; actualGasCost: Hex }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no receipt for ${hash}`)
}
