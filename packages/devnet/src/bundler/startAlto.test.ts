import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { anvilAccounts } from '../deploy/anvilAccounts.js'
import { entryPointAddresses } from '../deploy/entryPointAddresses.js'
import { createJsonRpc } from '../process/createJsonRpc.js'
import { type StartTestChainReturnType, startTestChain } from '../test/startTestChain.js'
import { startAlto } from './startAlto.js'

describe('startAlto', { timeout: 90_000 }, () => {
  let chain: StartTestChainReturnType
  beforeAll(async () => {
    chain = await startTestChain()
  })
  afterAll(() => chain?.stop())

  const keys = {
    executorPrivateKey: anvilAccounts[1].privateKey,
    utilityPrivateKey: anvilAccounts[2].privateKey,
  }

  test('default', async () => {
    const alto = await startAlto({
      rpcUrl: chain.rpcUrl,
      entryPoints: Object.values(entryPointAddresses),
      ...keys,
    })
    try {
      expect(alto.bundlerUrl).toBe(`http://127.0.0.1:${alto.port}`)
      const request = createJsonRpc(alto.bundlerUrl)
      expect(await request('eth_chainId')).toBe('0x7a69')
      expect(await request('eth_supportedEntryPoints')).toEqual(Object.values(entryPointAddresses))
    } finally {
      await alto.stop()
    }
  })

  test('error: an EntryPoint without code stops alto, and the error carries its reason', async () => {
    const missing = '0x00000000000000000000000000000000000e4e4e'
    await expect(startAlto({ rpcUrl: chain.rpcUrl, entryPoints: [missing], ...keys })).rejects.toThrow(
      /alto exited before it answered[\s\S]*entry point 0x0{35}e4e4e does not exist/i,
    )
  })
})
