/**
 * Support for the LightAccount contract tests (`*.test.ts` beside it): a test chain with the stand-ins placed,
 * account creation, `getSenderAddress`, `validateUserOp` called as the EntryPoint, and transactions sent as an
 * impersonated address. One file, because these helpers are only ever used together by those tests.
 */
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  concat,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  zeroHash,
} from 'viem'
import { entryPoint06Abi, entryPoint07Abi } from 'viem/account-abstraction'
import { LightAccountV1 } from '../artifacts/light/LightAccountV1.js'
import { LightAccountV2 } from '../artifacts/light/LightAccountV2.js'
import type { DevnetClient } from '../deploy/createDevnetClient.js'
import { deployLightAccounts } from '../deploy/deployLightAccounts.js'
import { DevnetError } from '../errors/DevnetError.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import type { LightAccountKind } from './lightAccountKinds.js'

/** anvil with the EntryPoints and the LightAccount stand-ins placed. */
export async function startLightTestChain(): Promise<StartTestChainReturnType> {
  const chain = await startTestChain()
  try {
    await deployLightAccounts(chain.client)
    return chain
  } catch (error) {
    await chain.stop()
    throw error
  }
}

/** Deploys the account of `owners` through the kind's factory (from dev account #0) and returns its address. */
export async function createLightAccount(
  client: DevnetClient,
  kind: LightAccountKind,
  owners: readonly Address[],
  salt = 0n,
): Promise<Address> {
  const sender = await getSenderAddress(client, kind, owners, salt)
  const hash = await client.sendTransaction({ to: kind.factory, data: kind.factoryData(owners, salt) })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new DevnetError(`createAccount failed in ${hash}`)
  return sender
}

/** `EntryPoint.getSenderAddress(initCode)`: the address from its `SenderAddressResult(address)` revert. */
export async function getSenderAddress(
  client: DevnetClient,
  kind: LightAccountKind,
  owners: readonly Address[],
  salt = 0n,
): Promise<Address> {
  const initCode = concat([kind.factory, kind.factoryData(owners, salt)])
  try {
    await client.simulateContract({
      address: kind.entryPoint,
      abi: kind.entryPointVersion === '0.6' ? entryPoint06Abi : entryPoint07Abi,
      functionName: 'getSenderAddress',
      args: [initCode],
    })
  } catch (error) {
    const reverted =
      error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError)
    if (
      reverted instanceof ContractFunctionRevertedError &&
      reverted.data?.errorName === 'SenderAddressResult'
    )
      return reverted.data.args?.[0] as Address
    throw error
  }
  throw new DevnetError('getSenderAddress did not revert with SenderAddressResult')
}

/** A user operation of `sender` in the kind's EntryPoint format (v0.6 unpacked, v0.7 packed), gas fields zero. */
export function buildUserOperation(
  kind: LightAccountKind,
  sender: Address,
  callData: Hex = '0x',
  nonce = 0n,
) {
  if (kind.entryPointVersion === '0.6')
    return {
      version: '0.6',
      userOperation: {
        sender,
        nonce,
        initCode: '0x',
        callData,
        callGasLimit: 0n,
        verificationGasLimit: 0n,
        preVerificationGas: 0n,
        maxFeePerGas: 0n,
        maxPriorityFeePerGas: 0n,
        paymasterAndData: '0x',
        signature: '0x',
      },
    } as const
  return {
    version: '0.7',
    userOperation: {
      sender,
      nonce,
      initCode: '0x',
      callData,
      accountGasLimits: zeroHash,
      preVerificationGas: 0n,
      gasFees: zeroHash,
      paymasterAndData: '0x',
      signature: '0x',
    },
  } as const
}

type BuiltUserOperation = ReturnType<typeof buildUserOperation>

/** The EntryPoint's own `getUserOpHash` of the operation (what the owner signs). */
export async function getUserOpHash(client: DevnetClient, kind: LightAccountKind, op: BuiltUserOperation) {
  if (op.version === '0.6')
    return client.readContract({
      address: kind.entryPoint,
      abi: entryPoint06Abi,
      functionName: 'getUserOpHash',
      args: [op.userOperation],
    })
  return client.readContract({
    address: kind.entryPoint,
    abi: entryPoint07Abi,
    functionName: 'getUserOpHash',
    args: [op.userOperation],
  })
}

/**
 * Calls `validateUserOp(op with signature, userOpHash, missingAccountFunds)` from the EntryPoint's address: an
 * `eth_call` for the result, and with `send` a real transaction (the EntryPoint impersonated) so the prefund moves.
 */
export async function validateUserOpAsEntryPoint(
  client: DevnetClient,
  kind: LightAccountKind,
  op: BuiltUserOperation,
  parameters: { signature: Hex; userOpHash: Hex; missingAccountFunds?: bigint; send?: boolean },
): Promise<bigint> {
  const { signature, userOpHash, missingAccountFunds = 0n, send = false } = parameters
  const data =
    op.version === '0.6'
      ? encodeFunctionData({
          abi: LightAccountV1.abi,
          functionName: 'validateUserOp',
          args: [{ ...op.userOperation, signature }, userOpHash, missingAccountFunds],
        })
      : encodeFunctionData({
          abi: LightAccountV2.abi,
          functionName: 'validateUserOp',
          args: [{ ...op.userOperation, signature }, userOpHash, missingAccountFunds],
        })
  const call = { account: kind.entryPoint, to: op.userOperation.sender, data }
  const { data: returned = '0x' } = await client.call(call)
  const result = decodeFunctionResult({
    abi: LightAccountV2.abi,
    functionName: 'validateUserOp',
    data: returned,
  })
  // A fixed gas limit: an estimate would find the limit at which the (unchecked) prefund transfer fails.
  if (send) await sendAs(client, kind.entryPoint, { to: call.to, data, gas: 1_000_000n })
  return result
}

/**
 * Sends a transaction from `from` (an EntryPoint, an owner, a stranger) by impersonating it on anvil, topping up
 * its balance for gas; throws when the transaction reverts.
 */
export async function sendAs(
  client: DevnetClient,
  from: Address,
  request: { to: Address; data: Hex; value?: bigint; gas?: bigint },
): Promise<void> {
  const balance = await client.getBalance({ address: from })
  await client.setBalance({ address: from, value: balance + 10n ** 18n })
  await client.impersonateAccount({ address: from })
  try {
    const hash = await client.sendTransaction({ ...request, account: from, chain: client.chain })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new DevnetError(`the transaction from ${from} reverted: ${hash}`)
  } finally {
    await client.stopImpersonatingAccount({ address: from })
  }
}
