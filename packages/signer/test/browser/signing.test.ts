import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit'
import type { Page } from 'playwright-core'
import {
  type Address,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  type TransactionSerialized,
  verifyTypedData,
} from 'viem'
import { verifyAuthorization } from 'viem/utils'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { mail } from '../../../server/src/kms/signing/typedData.vectors.js'
import type { User } from '../../src/types.js'
import { type BrowserTestbed, startBrowserTestbed } from './startBrowserTestbed.js'
import { showOnPage, signInWithEmailCode, type TestPageWindow, waitForStatus } from './testPage.js'

/**
 * Every signing method of the signer in Chromium, after one email-code sign-in through the real
 * key frame: each signature is made in the page (frame stamp → server → key) and checked in Node
 * with viem or noble against the user's addresses.
 */

let testbed: BrowserTestbed
let page: Page
let user: User
beforeAll(async () => {
  testbed = await startBrowserTestbed('signing')
  page = await testbed.openPage()
  user = await signInWithEmailCode(page, testbed.readCode, 'signing@example.com')
  await waitForStatus(page, 'CONNECTED')
  await testbed.screenshot(page, '0-connected')
})
afterAll(async () => {
  await testbed?.close()
})

/** JSON for the page's log box (bigints as `1n`). */
const toText = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item))

const recipient: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const delegate: Address = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'

test('default: signMessage signs a string and {raw} bytes as EIP-191 messages of the user', async () => {
  const signatures = await page.evaluate(async () => {
    const { signer } = window as unknown as TestPageWindow
    return {
      text: await signer.signMessage('hello from the signing suite'),
      bytes: await signer.signMessage({ raw: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) }),
      hex: await signer.signMessage({ raw: '0x68656c6c6f' }),
    }
  })
  await showOnPage(page, 'signMessage(string)', signatures.text)
  await showOnPage(page, 'signMessage({raw: bytes})', signatures.bytes)
  await showOnPage(page, 'signMessage({raw: hex})', signatures.hex)
  await testbed.screenshot(page, '1-sign-message')
  expect(signatures.text).toMatch(/^0x[0-9a-f]{130}$/)
  expect(
    await recoverMessageAddress({ message: 'hello from the signing suite', signature: signatures.text }),
  ).toBe(user.address)
  expect(
    await recoverMessageAddress({
      message: { raw: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) },
      signature: signatures.bytes,
    }),
  ).toBe(user.address)
  // {raw: '0x68656c6c6f'} is the bytes of 'hello', not the 12-character string.
  expect(await recoverMessageAddress({ message: 'hello', signature: signatures.hex })).toBe(user.address)
  expect(await recoverMessageAddress({ message: 'hello!', signature: signatures.hex })).not.toBe(user.address)
})

test('behavior: signTypedData signs an EIP-712 Mail that verifyTypedData accepts', async () => {
  const signature = await page.evaluate(
    (typedData) => (window as unknown as TestPageWindow).signer.signTypedData(typedData),
    mail,
  )
  await showOnPage(page, 'signTypedData(Mail)', signature)
  await testbed.screenshot(page, '2-sign-typed-data')
  expect(await verifyTypedData({ ...mail, address: user.address, signature })).toBe(true)
  expect(
    await verifyTypedData({
      ...mail,
      message: { ...mail.message, contents: 'Hello, Eve!' },
      address: user.address,
      signature,
    }),
  ).toBe(false)
})

test('behavior: signTransaction signs an EIP-1559 transaction on chain 1 from the user', async () => {
  const serialized = await page.evaluate(
    (to) =>
      (window as unknown as TestPageWindow).signer.signTransaction({
        type: 'eip1559',
        chainId: 1,
        to,
        value: 1_000_000_000_000_000n,
        nonce: 7,
        gas: 21_000n,
        maxFeePerGas: 30_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      }),
    recipient,
  )
  await showOnPage(page, 'signTransaction(eip1559)', serialized)
  await testbed.screenshot(page, '3-sign-transaction')
  expect(serialized).toMatch(/^0x02/)
  expect(parseTransaction(serialized)).toMatchObject({
    type: 'eip1559',
    chainId: 1,
    to: recipient.toLowerCase(),
    value: 1_000_000_000_000_000n,
    nonce: 7,
    gas: 21_000n,
    maxFeePerGas: 30_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    yParity: expect.any(Number),
  })
  expect(await recoverTransactionAddress({ serializedTransaction: serialized })).toBe(user.address)
})

test('behavior: signAuthorization signs an EIP-7702 authorization that verifyAuthorization accepts', async () => {
  const authorization = await page.evaluate(
    (address) =>
      (window as unknown as TestPageWindow).signer.signAuthorization({ chainId: 1, address, nonce: 3 }),
    delegate,
  )
  await showOnPage(page, 'signAuthorization', toText(authorization))
  await testbed.screenshot(page, '4-sign-authorization')
  expect(authorization).toMatchObject({ address: delegate, chainId: 1, nonce: 3 })
  expect(await verifyAuthorization({ address: user.address, authorization })).toBe(true)
  expect(
    await verifyAuthorization({ address: user.address, authorization: { ...authorization, nonce: 4 } }),
  ).toBe(false)
})

test('behavior: toViemAccount in the page is a viem LocalAccount whose signatures are the user’s', async () => {
  const result = await page.evaluate(
    async ({ typedData, to }) => {
      const account = (window as unknown as TestPageWindow).signer.toViemAccount()
      return {
        address: account.address,
        type: account.type,
        source: account.source,
        message: await account.signMessage({ message: 'hello from toViemAccount' }),
        typedData: await account.signTypedData(typedData),
        transaction: await account.signTransaction({
          chainId: 1,
          to,
          value: 1n,
          nonce: 0,
          gas: 21_000n,
          gasPrice: 20_000_000_000n,
        }),
        authorization: await account.signAuthorization!({ chainId: 10, address: to, nonce: 0 }),
      }
    },
    { typedData: mail, to: recipient },
  )
  await showOnPage(page, 'toViemAccount()', toText(result))
  await testbed.screenshot(page, '5-viem-account')
  expect(result).toMatchObject({ address: user.address, type: 'local', source: 'custom' })
  expect(
    await recoverMessageAddress({ message: 'hello from toViemAccount', signature: result.message }),
  ).toBe(user.address)
  expect(await verifyTypedData({ ...mail, address: user.address, signature: result.typedData })).toBe(true)
  expect(
    await recoverTransactionAddress({
      serializedTransaction: result.transaction as TransactionSerialized,
    }),
  ).toBe(user.address)
  expect(await verifyAuthorization({ address: user.address, authorization: result.authorization })).toBe(true)
})

test('behavior: the Solana signer signs a message with the user’s ed25519 key', async () => {
  expect(user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const result = await page.evaluate(async () => {
    const solana = (window as unknown as TestPageWindow).signer.toSolanaSigner()
    const signature = await solana.signMessage(new TextEncoder().encode('hello solana from Chromium'))
    return { address: solana.address, signature: Array.from(signature) }
  })
  await showOnPage(
    page,
    'toSolanaSigner().signMessage',
    `${result.address} ${base58.encode(Uint8Array.from(result.signature))}`,
  )
  await testbed.screenshot(page, '6-solana-message')
  expect(result.address).toBe(user.solanaAddress)
  const signature = Uint8Array.from(result.signature)
  expect(signature).toHaveLength(64)
  const publicKey = base58.decode(user.solanaAddress!)
  expect(publicKey).toHaveLength(32)
  const message = new TextEncoder().encode('hello solana from Chromium')
  expect(ed25519.verify(signature, message, publicKey)).toBe(true)
  expect(ed25519.verify(signature, new TextEncoder().encode('hello solana'), publicKey)).toBe(false)
})

test('behavior: the Solana signer signs a @solana/kit transfer compiled in the page', async () => {
  const destination = base58.encode(new Uint8Array(32).fill(9))
  const wire = await page.evaluate(
    async ({ destination, recentBlockhash }) => {
      const { signer, solanaKit } = window as unknown as TestPageWindow
      const solana = signer.toSolanaSigner()
      const transaction = solanaKit.compileSolanaTransfer({
        source: solana.address,
        destination,
        feePayer: solana.address,
        lamports: 1_000,
        recentBlockhash,
      })
      return solanaKit.toWireTransaction(await solana.addSignature(transaction))
    },
    { destination, recentBlockhash: base58.encode(new Uint8Array(32).fill(7)) },
  )
  await showOnPage(page, 'toSolanaSigner().addSignature (wire, base64)', wire)
  await testbed.screenshot(page, '7-solana-transaction')

  const transaction = getTransactionDecoder().decode(base64.decode(wire))
  const signature = transaction.signatures[user.solanaAddress as keyof typeof transaction.signatures]
  expect(signature).toHaveLength(64)
  const messageBytes = new Uint8Array(transaction.messageBytes)
  expect(ed25519.verify(signature!, messageBytes, base58.decode(user.solanaAddress!))).toBe(true)
  const compiled = getCompiledTransactionMessageDecoder().decode(messageBytes)
  expect(compiled.staticAccounts).toEqual([
    user.solanaAddress,
    destination,
    '11111111111111111111111111111111',
  ])
})

test('error: signing while disconnected', async () => {
  const signedOut = await testbed.openPage()
  await waitForStatus(signedOut, 'DISCONNECTED')
  const failures = await signedOut.evaluate(async () => {
    const { signer } = window as unknown as TestPageWindow
    const describe = (error: unknown) => {
      const { name, message } = error as Error
      return { name, message }
    }
    const attempts: Record<string, () => Promise<unknown>> = {
      signMessage: () => signer.signMessage('hello'),
      signTypedData: () => signer.signTypedData({ types: {}, primaryType: 'EIP712Domain', domain: {} }),
      signTransaction: () =>
        signer.signTransaction({
          chainId: 1,
          to: '0x0000000000000000000000000000000000000000',
          maxFeePerGas: 2n,
          maxPriorityFeePerGas: 1n,
        }),
      signAuthorization: () =>
        signer.signAuthorization({
          chainId: 1,
          address: '0x0000000000000000000000000000000000000000',
          nonce: 0,
        }),
      toViemAccount: async () => signer.toViemAccount(),
      toSolanaSigner: async () => signer.toSolanaSigner(),
    }
    const answers: Record<string, { name: string; message: string } | 'signed'> = {}
    for (const [name, attempt] of Object.entries(attempts))
      answers[name] = await attempt().then(
        () => 'signed' as const,
        (error) => describe(error),
      )
    return answers
  })
  const notAuthenticated = {
    name: 'NotAuthenticatedError',
    message: 'Signer not authenticated. Please authenticate to use this signer.',
  }
  await showOnPage(signedOut, 'errors', JSON.stringify(failures, null, 1))
  await testbed.screenshot(signedOut, '8-disconnected')
  expect(failures).toEqual({
    signMessage: notAuthenticated,
    signTypedData: notAuthenticated,
    signTransaction: notAuthenticated,
    signAuthorization: notAuthenticated,
    toViemAccount: notAuthenticated,
    toSolanaSigner: notAuthenticated,
  })
  await signedOut.context().close()
})

test('error: signing after disconnect() fails, and the key frame is gone', async () => {
  const tab = await testbed.openPage()
  await signInWithEmailCode(tab, testbed.readCode, 'leaving@example.com')
  await waitForStatus(tab, 'CONNECTED')
  await tab.evaluate(() => (window as unknown as TestPageWindow).signer.disconnect())
  await waitForStatus(tab, 'DISCONNECTED')
  const error = await tab.evaluate(() =>
    (window as unknown as TestPageWindow).signer.signMessage('hello').then(
      () => undefined,
      (cause: Error) => ({ name: cause.name, message: cause.message }),
    ),
  )
  await showOnPage(tab, 'signMessage after disconnect()', JSON.stringify(error))
  await testbed.screenshot(tab, '9-after-disconnect')
  expect(error).toEqual({
    name: 'NotAuthenticatedError',
    message: 'Signer not authenticated. Please authenticate to use this signer.',
  })
  // The signer also dropped the frame (a new embedded key for the next sign-in).
  expect(await tab.$('#turnkey-iframe')).toBeNull()
  await tab.context().close()
})
