import { p256 } from '@noble/curves/nist.js'
import { bytesToHex } from '@sigil/protocol'
import { expect, test } from 'vitest'
import { assertStampableBody } from './assertStampableBody.js'
import { sameP256PublicKey } from './sameP256PublicKey.js'

const newKey = () => bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false))
const exportFrameKey = newKey()
const ownKey = newKey()
const pageKey = newKey()
const keys = {
  isOwnKey: async (publicKeyHex: string) => sameP256PublicKey(publicKeyHex, ownKey),
  isExportFrameKey: async (publicKeyHex: string) => publicKeyHex === exportFrameKey,
}
const activity = (type: string, parameters: Record<string, unknown>) =>
  JSON.stringify({ type, timestampMs: '1', organizationId: 'org', parameters })

test('default: signing and query bodies are stamped', async () => {
  await expect(assertStampableBody(JSON.stringify({ organizationId: 'org' }), keys)).resolves.toBeUndefined()
  await expect(
    assertStampableBody(activity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', { signWith: '0xabc' }), keys),
  ).resolves.toBeUndefined()
})

test('behavior: an export sealed to the export frame’s key is stamped', async () => {
  await expect(
    assertStampableBody(
      activity('ACTIVITY_TYPE_EXPORT_WALLET', { walletId: 'w', targetPublicKey: exportFrameKey }),
      keys,
    ),
  ).resolves.toBeUndefined()
})

test('error: an export sealed to a key of the page is refused', async () => {
  for (const type of [
    'ACTIVITY_TYPE_EXPORT_WALLET',
    'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
    'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY',
  ])
    await expect(
      assertStampableBody(activity(type, { walletId: 'w', targetPublicKey: pageKey }), keys),
    ).rejects.toThrow(
      `The key frame refuses to stamp ${type}: its targetPublicKey is not the key of Sigil's export frame.`,
    )
})

test('error: an export sealed to the auth frame’s own key, or with no target, is refused', async () => {
  await expect(
    assertStampableBody(
      activity('ACTIVITY_TYPE_EXPORT_WALLET', { walletId: 'w', targetPublicKey: ownKey }),
      keys,
    ),
  ).rejects.toThrow("is not the key of Sigil's export frame")
  await expect(
    assertStampableBody(activity('ACTIVITY_TYPE_EXPORT_WALLET', { walletId: 'w' }), keys),
  ).rejects.toThrow("it has no targetPublicKey of Sigil's export frame")
})

test('error: a session sealed to a key of the page is refused, to the frame’s own key it is stamped', async () => {
  const session = (targetPublicKey: unknown) =>
    activity('ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', { targetPublicKey })
  await expect(assertStampableBody(session(pageKey), keys)).rejects.toThrow(
    "its targetPublicKey is neither this frame's key nor the key of Sigil's export frame",
  )
  await expect(assertStampableBody(session(42), keys)).rejects.toThrow('its targetPublicKey is not a key')
  // The compressed form of the frame's own key is the same key.
  const compressed = bytesToHex(p256.Point.fromHex(ownKey).toBytes(true))
  await expect(assertStampableBody(session(compressed), keys)).resolves.toBeUndefined()
})

test('error: a targetPublicKey hidden at any depth, under any type, is checked', async () => {
  const body = activity('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', {
    nested: [{ deeper: { targetPublicKey: pageKey } }],
  })
  await expect(assertStampableBody(body, keys)).rejects.toThrow(
    'The key frame refuses to stamp ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  )
})

test('error: API keys and users (a credential the page would hold) are refused', async () => {
  for (const type of [
    'ACTIVITY_TYPE_CREATE_API_KEYS',
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    'ACTIVITY_TYPE_CREATE_USERS_V3',
  ])
    await expect(assertStampableBody(activity(type, { apiKeys: [] }), keys)).rejects.toThrow(
      `The key frame refuses to stamp ${type}: a key held by the page could act for the user outside the frame.`,
    )
})

test('error: a body that is not JSON is refused', async () => {
  await expect(assertStampableBody('not json', keys)).rejects.toThrow(
    'The key frame stamps JSON request bodies only.',
  )
})

test('error: a body with a duplicate key (read differently by a first-wins parser) is refused', async () => {
  const duplicate = `{"type":"ACTIVITY_TYPE_EXPORT_WALLET","type":"ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2","organizationId":"org","parameters":{"walletId":"w","targetPublicKey":"${pageKey}"},"parameters":{}}`
  await expect(assertStampableBody(duplicate, keys)).rejects.toThrow(
    'The key frame stamps JSON bodies only as JSON.stringify writes them (no duplicate keys).',
  )
  await expect(assertStampableBody('{ "organizationId": "org" }', keys)).rejects.toThrow(
    'as JSON.stringify writes them',
  )
})
