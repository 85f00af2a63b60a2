import { ed25519 } from '@noble/curves/ed25519.js'
import { p256 } from '@noble/curves/nist.js'
import { base58Decode, bytesToHex, hexToBytes, openExportBundle } from '@sigil/protocol'
import { type Hex, hashMessage, hashTypedData, recoverAddress, recoverMessageAddress } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import {
  createUserSubOrganization,
  ethereumAccount,
  type UserSubOrganization,
} from '../../test/createUserSubOrganization.js'

type Activity = {
  id: string
  status: string
  fingerprint: string
  result: Record<string, Record<string, unknown>>
}
const activityOf = async (response: Response) => ((await response.json()) as { activity: Activity }).activity

describe.each(storeDialects)('wallet activities on %s', (dialect) => {
  let server: TestServer
  let user: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    user = await createUserSubOrganization(server)
  })
  afterAll(() => server.cleanup())

  const submit = (name: string, type: string, parameters: unknown) =>
    server.submit(name, type, parameters, { organizationId: user.organizationId, key: user.key })

  test('default: create_wallet returns its id and addresses; list and get show it', async () => {
    const response = await submit('create_wallet', 'ACTIVITY_TYPE_CREATE_WALLET', {
      walletName: 'Savings',
      accounts: [ethereumAccount, { ...ethereumAccount, path: "m/44'/60'/0'/0/1" }],
      mnemonicLength: 24,
    })
    expect(response.status).toBe(200)
    const activity = await activityOf(response)
    expect(activity).toMatchObject({
      status: 'ACTIVITY_STATUS_COMPLETED',
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
    })
    const { walletId, addresses } = activity.result.createWalletResult as {
      walletId: string
      addresses: string[]
    }
    expect(addresses).toHaveLength(2)
    expect(addresses[0]).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const wallet = await server.post(
      '/public/v1/query/get_wallet',
      { organizationId: user.organizationId, walletId },
      user.key,
    )
    expect(await wallet.json()).toMatchObject({
      wallet: { walletId, walletName: 'Savings', exported: false, imported: false },
    })
    const accounts = await server.post(
      '/public/v1/query/list_wallet_accounts',
      { organizationId: user.organizationId, walletId, includeWalletDetails: true },
      user.key,
    )
    const { accounts: listed } = (await accounts.json()) as { accounts: Array<Record<string, unknown>> }
    expect(listed.map((account) => account.address)).toEqual(addresses)
    expect(listed[0]).toMatchObject({
      caip2Prefix: 'eip155',
      walletDetails: { walletId },
      path: "m/44'/60'/0'/0/0",
    })
  })

  test('behavior: the same stamped body returns the same activity (no second wallet)', async () => {
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_WALLET',
      timestampMs: String(Date.now()),
      organizationId: user.organizationId,
      parameters: { walletName: 'Once', accounts: [] },
    })
    const [first, second] = await Promise.all([
      server.post('/public/v1/submit/create_wallet', body, user.key),
      server.post('/public/v1/submit/create_wallet', body, user.key),
    ])
    const [a, b] = [await activityOf(first), await activityOf(second)]
    expect(a.id).toBe(b.id)
    expect(a.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/)
    const wallets = await server.post(
      '/public/v1/query/list_wallets',
      { organizationId: user.organizationId },
      user.key,
    )
    const names = ((await wallets.json()) as { wallets: { walletName: string }[] }).wallets.map(
      (w) => w.walletName,
    )
    expect(names.filter((name) => name === 'Once')).toHaveLength(1)
  })

  test('behavior: create_wallet_accounts derives the next account; persist false only derives', async () => {
    const next = { ...ethereumAccount, path: "m/44'/60'/0'/0/7" }
    const dry = await activityOf(
      await submit('create_wallet_accounts', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', {
        walletId: user.walletId,
        accounts: [next],
        persist: false,
      }),
    )
    const created = await activityOf(
      await submit('create_wallet_accounts', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', {
        walletId: user.walletId,
        accounts: [next],
      }),
    )
    expect(created.result.createWalletAccountsResult).toEqual(dry.result.createWalletAccountsResult)
    const again = await submit('create_wallet_accounts', 'ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS', {
      walletId: user.walletId,
      accounts: [next],
      persist: true,
    })
    expect(again.status).toBe(409)
  })

  test('behavior: sign_raw_payload signs an EIP-191 digest that recovers to the address', async () => {
    const digest = hashMessage('hello sigil')
    const activity = await activityOf(
      await submit('sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
        signWith: user.ethereumAddress,
        payload: digest,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
    )
    const { r, s, v } = activity.result.signRawPayloadResult as { r: string; s: string; v: string }
    expect(r).toMatch(/^[0-9a-f]{64}$/)
    expect(['00', '01']).toContain(v)
    const signature = `0x${r}${s}${v === '00' ? '1b' : '1c'}` as Hex
    expect(await recoverMessageAddress({ message: 'hello sigil', signature })).toBe(user.ethereumAddress)
  })

  test('behavior: EIP-712 typed data and lower-case signWith', async () => {
    const typedData = {
      domain: { name: 'Sigil', version: '1', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const activity = await activityOf(
      await submit('sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
        signWith: user.ethereumAddress.toLowerCase(),
        payload: JSON.stringify({
          ...typedData,
          types: {
            ...typedData.types,
            EIP712Domain: [
              { name: 'name', type: 'string' },
              { name: 'version', type: 'string' },
              { name: 'chainId', type: 'uint256' },
            ],
          },
        }),
        encoding: 'PAYLOAD_ENCODING_EIP712',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      }),
    )
    const { r, s, v } = activity.result.signRawPayloadResult as { r: string; s: string; v: string }
    const recovered = await recoverAddress({
      hash: hashTypedData(typedData),
      signature: { r: `0x${r}`, s: `0x${s}`, yParity: Number(v) },
    })
    expect(recovered).toBe(user.ethereumAddress)
  })

  test('behavior: sign_raw_payloads signs ed25519 for the Solana account, in order', async () => {
    const messages = ['01ff', 'deadbeef']
    const activity = await activityOf(
      await submit('sign_raw_payloads', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS', {
        signWith: user.solanaAddress,
        payloads: messages,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE',
      }),
    )
    const { signatures } = activity.result.signRawPayloadsResult as {
      signatures: { r: string; s: string; v: string }[]
    }
    expect(signatures).toHaveLength(2)
    signatures.forEach(({ r, s, v }, index) => {
      expect(v).toBe('00')
      expect(
        ed25519.verify(hexToBytes(r + s), hexToBytes(messages[index]!), base58Decode(user.solanaAddress)),
      ).toBe(true)
    })
  })

  test('error: signing with an unknown address is a 404 and is recorded as FAILED', async () => {
    const response = await submit('sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
      signWith: '0x000000000000000000000000000000000000dEaD',
      payload: hashMessage('x'),
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    expect(response.status).toBe(404)
    const failed = await server.post(
      '/public/v1/query/list_activities',
      { organizationId: user.organizationId, filterByStatus: ['ACTIVITY_STATUS_FAILED'] },
      user.key,
    )
    const { activities } = (await failed.json()) as {
      activities: { type: string; failure: { message: string } }[]
    }
    expect(
      activities.some((activity) => activity.failure.message.startsWith('no wallet account found')),
    ).toBe(true)
  })

  const signBody = (signWith: string, payload: string) =>
    JSON.stringify({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(Date.now()),
      organizationId: user.organizationId,
      parameters: {
        signWith,
        payload,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })

  test('behavior: a signing body sent again later returns the stored activity', async () => {
    const body = signBody(user.ethereumAddress, hashMessage('again'))
    const first = await activityOf(await server.post('/public/v1/submit/sign_raw_payload', body, user.key))
    const second = await activityOf(await server.post('/public/v1/submit/sign_raw_payload', body, user.key))
    expect(second).toEqual(first)
  })

  test('error: a failed body sent again is answered with its stored failure, not run again', async () => {
    const body = signBody('0x000000000000000000000000000000000000bEEF', hashMessage('x'))
    const first = await server.post('/public/v1/submit/sign_raw_payload', body, user.key)
    expect(first.status).toBe(404)
    const second = await server.post('/public/v1/submit/sign_raw_payload', body, user.key)
    expect(second.status).toBe(400)
    expect(await second.json()).toMatchObject({
      message: 'no wallet account found for signWith: 0x000000000000000000000000000000000000bEEF',
      details: [expect.objectContaining({ turnkeyErrorCode: 'REQUEST_INVALID' })],
    })
  })

  test('error: a NO_OP payload that is not 32 bytes is refused', async () => {
    const response = await submit('sign_raw_payload', 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
      signWith: user.ethereumAddress,
      payload: 'abcd',
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    })
    expect(response.status).toBe(400)
  })

  test('behavior: export_wallet gives a bundle only the target key opens, with the mnemonic of the addresses', async () => {
    const target = p256.utils.randomSecretKey()
    const activity = await activityOf(
      await submit('export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET', {
        walletId: user.walletId,
        targetPublicKey: bytesToHex(p256.getPublicKey(target, false)),
      }),
    )
    const { exportBundle, walletId } = activity.result.exportWalletResult as {
      exportBundle: string
      walletId: string
    }
    expect(walletId).toBe(user.walletId)
    const mnemonic = new TextDecoder().decode(
      await openExportBundle({
        bundle: exportBundle,
        recipientPrivateKey: target,
        organizationId: user.organizationId,
        signerPublicKey: server.app.sigil.exportSignerPublicKey,
      }),
    )
    expect(mnemonic.split(' ')).toHaveLength(12)
    expect(mnemonicToAccount(mnemonic).address).toBe(user.ethereumAddress)
    const wallet = await server.post(
      '/public/v1/query/get_wallet',
      { organizationId: user.organizationId, walletId },
      user.key,
    )
    expect(((await wallet.json()) as { wallet: { exported: boolean } }).wallet.exported).toBe(true)
  })

  test('behavior: export_wallet_account gives the private key of the account', async () => {
    const target = p256.utils.randomSecretKey()
    const activity = await activityOf(
      await submit('export_wallet_account', 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', {
        address: user.ethereumAddress,
        targetPublicKey: bytesToHex(p256.getPublicKey(target, true)),
      }),
    )
    const { exportBundle } = activity.result.exportWalletAccountResult as { exportBundle: string }
    const privateKey = await openExportBundle({
      bundle: exportBundle,
      recipientPrivateKey: target,
      organizationId: user.organizationId,
      signerPublicKey: server.app.sigil.exportSignerPublicKey,
    })
    expect(privateKeyToAccount(`0x${bytesToHex(privateKey)}`).address).toBe(user.ethereumAddress)
  })

  test('error: export with a target that is not a P-256 key is refused', async () => {
    const response = await submit('export_wallet', 'ACTIVITY_TYPE_EXPORT_WALLET', {
      walletId: user.walletId,
      targetPublicKey: `04${'00'.repeat(64)}`,
    })
    expect(response.status).toBe(400)
  })
})
