import { hashMessage, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { StartTestChainReturnType } from '../test/startTestChain.js'
import { lightAccountKinds, signReplaySafeHash } from './lightAccountKinds.js'
import { getSenderAddress, startLightTestChain } from './lightAccountTestSupport.js'

// Before deployment an SDK wraps the ERC-1271 signature in EIP-6492 (factory, factory call, signature); viem's
// verifier deploys the account in its simulation and asks isValidSignature. The factory call must deploy exactly
// the counterfactual address the signature's EIP-712 domain names.
describe.each(lightAccountKinds)('$name EIP-6492', (kind) => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startLightTestChain()
  })
  afterAll(() => chain?.stop())

  const wrapped = async (signer: ReturnType<typeof privateKeyToAccount>, owner = signer) => {
    const account = await getSenderAddress(chain.client, kind, [owner.address])
    const signature = await signReplaySafeHash(kind, signer, account, hashMessage('hello'))
    const data = kind.factoryData([owner.address], 0n)
    return { account, signature: serializeErc6492Signature({ address: kind.factory, data, signature }) }
  }

  test('default', async () => {
    const { account, signature } = await wrapped(privateKeyToAccount(generatePrivateKey()))
    expect(await chain.client.getCode({ address: account })).toBeUndefined()
    expect(await chain.client.verifyMessage({ address: account, message: 'hello', signature })).toBe(true)
    // Verification is a simulation: the account is still not deployed.
    expect(await chain.client.getCode({ address: account })).toBeUndefined()
  })

  test('error: a wrong signer is refused', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const { account, signature } = await wrapped(privateKeyToAccount(generatePrivateKey()), owner)
    expect(await chain.client.verifyMessage({ address: account, message: 'hello', signature })).toBe(false)
  })
})
