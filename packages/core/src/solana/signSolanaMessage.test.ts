import { expect, test } from 'vitest'
import { base } from '../chains/chains.js'
import { createConfig } from '../createConfig.js'
import { SolanaNotReadyError } from './errors/SolanaNotReadyError.js'
import { getSolanaSigner } from './getSolanaSigner.js'
import { sendSolanaTransaction } from './sendSolanaTransaction.js'
import { signSolanaMessage } from './signSolanaMessage.js'

const config = () => createConfig({ connection: { rpcUrl: 'https://signer.example.com' }, chain: base })

test("error: nobody signed in: no Solana signer, and signing or sending is 'Not ready'", async () => {
  expect(getSolanaSigner(config())).toBeUndefined()
  await expect(signSolanaMessage(config(), { message: 'hello' })).rejects.toThrowError(SolanaNotReadyError)
  await expect(
    sendSolanaTransaction(config(), {
      transfer: { amount: 1n, toAddress: '11111111111111111111111111111111' },
      connection: { rpcUrl: 'http://127.0.0.1:8899' },
    }),
  ).rejects.toThrowError('Not ready')
})
