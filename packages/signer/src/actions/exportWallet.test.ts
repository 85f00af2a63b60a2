import { ed25519 } from '@noble/curves/ed25519.js'
import { base58Encode, bytesToHex } from '@sigil/protocol'
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import { SignerError } from '../errors/SignerError.js'
import { createNodeExportFrame } from '../test/createNodeExportFrame.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { exportWallet } from './exportWallet.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const nodeExportFrame = (injected?: boolean) =>
  createNodeExportFrame({ signerPublicKey: testbed.server.app.sigil.exportSignerPublicKey, injected })

test('default: the key frame stamps, so the seed phrase of the user’s wallet is exported', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'export@example.com')
  const exportFrame = nodeExportFrame()
  expect(await signer.exportWallet({ iframeContainerId: 'export', exportFrame })).toBe(true)
  expect(exportFrame.opened).toHaveLength(1)
  const [record] = exportFrame.opened
  if (record?.kind !== 'wallet') throw new Error('expected a wallet export')
  expect(record.organizationId).toBe(user.orgId)
  expect(record.mnemonic.split(' ').length).toBeGreaterThanOrEqual(12)
  expect(mnemonicToAccount(record.mnemonic).address).toBe(user.address)
  expect(exportFrame.stats).toEqual({ initialized: 1, removed: 0 })
})

test('behavior: the seed phrase export lists the wallets and their accounts, then submits export_wallet', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'calls@example.com')
  const calls: { path: string; body: Record<string, unknown> }[] = []
  const stampRequest = signer.stampRequest
  signer.stampRequest = (path, body) => {
    calls.push({ path, body })
    return stampRequest(path, body)
  }
  await exportWallet(signer, { iframeContainerId: 'export', exportFrame: nodeExportFrame() })
  const paths = calls.map(({ path }) => path).filter((path) => path !== 'query/get_activity')
  expect(paths).toEqual(['query/list_wallets', 'query/list_wallet_accounts', 'submit/export_wallet'])
  expect(calls[0]!.body).toEqual({ organizationId: user.orgId })
  expect(calls[1]!.body).toEqual({ organizationId: user.orgId, walletId: expect.any(String) })
  expect(calls[2]!.body).toEqual({
    type: 'ACTIVITY_TYPE_EXPORT_WALLET',
    timestampMs: expect.stringMatching(/^\d+$/),
    organizationId: user.orgId,
    parameters: {
      walletId: calls[1]!.body.walletId,
      targetPublicKey: expect.stringMatching(/^04[0-9a-f]{128}$/),
    },
  })
})

test('behavior: PRIVATE_KEY exports the key of the user’s address in hexadecimal format', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'key@example.com')
  const exportFrame = nodeExportFrame()
  await signer.exportWallet({ iframeContainerId: 'export', exportAs: 'PRIVATE_KEY', exportFrame })
  const [record] = exportFrame.opened
  if (record?.kind !== 'key') throw new Error('expected a key export')
  expect(record.keyFormat).toBe('HEXADECIMAL')
  expect(record.privateKey).toHaveLength(32)
  expect(privateKeyToAddress(`0x${bytesToHex(record.privateKey)}`)).toBe(user.address)
})

test('behavior: another stamper than the key frame (a passkey) defaults to PRIVATE_KEY', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'passkey@example.com')
  const stamp = signer.stamper.stamp
  signer.current.stamper = { stamp: (body) => stamp(body) }
  const exportFrame = nodeExportFrame()
  await signer.exportWallet({ iframeContainerId: 'export', exportFrame })
  const [record] = exportFrame.opened
  if (record?.kind !== 'key') throw new Error('expected a key export')
  expect(privateKeyToAddress(`0x${bytesToHex(record.privateKey)}`)).toBe(user.address)
})

test('behavior: the user’s Solana address is exported in Solana format', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'solana@example.com')
  const exportFrame = nodeExportFrame()
  await signer.exportWallet({
    iframeContainerId: 'export',
    exportAs: 'PRIVATE_KEY',
    address: user.solanaAddress!,
    exportFrame,
  })
  const [record] = exportFrame.opened
  if (record?.kind !== 'key') throw new Error('expected a key export')
  expect(record.keyFormat).toBe('SOLANA')
  expect(base58Encode(ed25519.getPublicKey(record.privateKey))).toBe(user.solanaAddress)
})

test('error: nobody signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  const exportFrame = nodeExportFrame()
  await expect(signer.exportWallet({ iframeContainerId: 'export', exportFrame })).rejects.toBeInstanceOf(
    NotAuthenticatedError,
  )
  expect(exportFrame.stats.initialized).toBe(0)
})

test('error: an unknown export mode', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'mode@example.com')
  const failure = await signer
    .exportWallet({
      iframeContainerId: 'export',
      exportAs: 'X' as 'SEED_PHRASE',
      exportFrame: nodeExportFrame(),
    })
    .catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(SignerError)
  expect((failure as Error).message).toBe('Unknown export mode: X')
})

test('error: no wallet holds the user’s address', async () => {
  const signer = testbed.createSigner()
  const user = await testbed.signIn(signer, 'nowallet@example.com')
  const other = '0x000000000000000000000000000000000000dEaD'
  signer.store.setState({ user: { ...user, address: other } })
  await expect(
    signer.exportWallet({ iframeContainerId: 'export', exportFrame: nodeExportFrame() }),
  ).rejects.toThrow(`Could not find wallet associated with ${other}`)
})

test('error: the frame does not take the bundle', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'inject@example.com')
  const failure = await signer
    .exportWallet({ iframeContainerId: 'export', exportFrame: nodeExportFrame(false) })
    .catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(SignerError)
  expect((failure as Error).message).toBe('Failed to inject wallet export bundle')
})
