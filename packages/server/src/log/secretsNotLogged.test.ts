import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createApiKeyStamp, openExportBundle } from '@sigil/protocol'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startTestSmtpServer, type TestSmtpServer } from '../auth/email/test/startTestSmtpServer.js'
import { createTargetKey } from '../test/createTargetKey.js'
import { createTestServer, generateTestKey, type TestKey, type TestServer } from '../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../test/serveOnLocalPort.js'
import { createLogger } from './createLogger.js'

/*
 * Secrets never logged (docs/deploy.md#logs): a full run on the real listener, production mail (SMTP), the
 * logger at debug: email sign-in, an API key made with the session, a signature with that key, a wallet
 * export. Then every line written is searched for every secret the run made or received, and every
 * `request` line must carry a requestId.
 */

let smtp: TestSmtpServer
let server: TestServer
let listener: LocalListener
const lines: string[] = []

beforeAll(async () => {
  smtp = await startTestSmtpServer()
  server = await createTestServer('sqlite', {
    dev: false,
    smtpUrl: smtp.url,
    devMailbox: false,
    logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
  })
  listener = await serveOnLocalPort(server.app)
})

afterAll(async () => {
  await listener?.close()
  await server?.cleanup()
  await smtp?.close()
})

test('behavior: a full run logs no secret it made, and every request line has a requestId', async () => {
  const bearer = `Bearer ${server.signerApp.apiKey}`
  const signer = async (path: string, body: unknown) => {
    const response = await fetch(`${listener.url}/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: bearer, origin: 'http://localhost:5173' },
    })
    const text = await response.text()
    expect(response.status, `${path}: ${text}`).toBe(200)
    return JSON.parse(text) as Record<string, unknown>
  }
  const stamped = async (path: string, body: unknown, key: TestKey) => {
    const text = JSON.stringify(body)
    const stamp = await createApiKeyStamp({ body: text, privateKey: key.privateKey })
    const response = await fetch(`${listener.url}/public/v1${path}`, {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'application/json', [stamp.stampHeaderName]: stamp.stampHeaderValue },
    })
    const answer = await response.text()
    expect(response.status, `${path}: ${answer}`).toBe(200)
    return { json: JSON.parse(answer) as Record<string, unknown>, stamp: stamp.stampHeaderValue }
  }
  const activity = async (
    organizationId: string,
    name: string,
    type: string,
    parameters: unknown,
    key: TestKey,
  ) => {
    const { json, stamp } = await stamped(
      `/submit/${name}`,
      { type, timestampMs: String(Date.now()), organizationId, parameters },
      key,
    )
    const { activity } = json as {
      activity: { status: string; result: Record<string, Record<string, unknown>> }
    }
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    return { result: activity.result, stamp }
  }

  // Email sign-in: the code over SMTP, the session in a credential bundle.
  const target = createTargetKey()
  const signup = (await signer('/v1/signup', {
    email: 'ada@example.com',
    targetPublicKey: target.publicKey,
  })) as {
    orgId: string
    otpId: string
    address: string
  }
  const mail = await smtp.nextMail('ada@example.com')
  const otpCode = mail.text.match(/^\s+(\d{6})$/m)?.[1]
  expect(otpCode).toMatch(/^\d{6}$/)
  const { credentialBundle } = (await signer('/v1/otp', {
    orgId: signup.orgId,
    otpId: signup.otpId,
    otpCode,
    targetPublicKey: target.publicKey,
  })) as { credentialBundle: string }
  const session = await target.open(credentialBundle)

  // An API key made with the session, then a signature with that key.
  const apiKey = generateTestKey()
  const { stamp: sessionStamp } = await activity(
    signup.orgId,
    'create_api_keys',
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    {
      userId: (
        (await stamped('/query/whoami', { organizationId: signup.orgId }, session)).json as { userId: string }
      ).userId,
      apiKeys: [{ apiKeyName: 'laptop', publicKey: apiKey.publicKey, curveType: 'API_KEY_CURVE_P256' }],
    },
    session,
  )
  const { result: signed, stamp: apiKeyStamp } = await activity(
    signup.orgId,
    'sign_raw_payload',
    'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    {
      signWith: signup.address,
      payload: `0x${'ab'.repeat(32)}`,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    },
    apiKey,
  )
  expect(signed.signRawPayloadResult).toMatchObject({ r: expect.any(String) })

  // A wallet export, opened to learn the mnemonic.
  const { wallets } = (await stamped('/query/list_wallets', { organizationId: signup.orgId }, apiKey))
    .json as {
    wallets: { walletId: string }[]
  }
  const exportTarget = p256.utils.randomSecretKey()
  const { result: exported } = await activity(
    signup.orgId,
    'export_wallet',
    'ACTIVITY_TYPE_EXPORT_WALLET',
    { walletId: wallets[0]!.walletId, targetPublicKey: bytesToHex(p256.getPublicKey(exportTarget, false)) },
    apiKey,
  )
  const exportBundle = exported.exportWalletResult!.exportBundle as string
  const mnemonic = new TextDecoder().decode(
    await openExportBundle({
      bundle: exportBundle,
      recipientPrivateKey: exportTarget,
      organizationId: signup.orgId,
      signerPublicKey: server.app.sigil.exportSignerPublicKey,
    }),
  )
  expect(mnemonic.split(' ')).toHaveLength(12)

  // A request with a careless id and a query string that holds a code: neither is logged as given.
  await fetch(`${listener.url}/signer/v1/magic-link?code=${otpCode}`, {
    headers: { 'x-request-id': `${otpCode} x` },
  })

  const secrets: Record<string, string> = {
    otpCode: otpCode!,
    credentialBundle,
    sessionPrivateKey: session.privateKey,
    apiPrivateKey: apiKey.privateKey,
    signerAppBearerKey: server.signerApp.apiKey,
    sessionStamp,
    apiKeyStamp,
    exportBundle,
    mnemonic,
    mnemonicFirstWords: mnemonic.split(' ').slice(0, 3).join(' '),
  }
  expect(lines.length).toBeGreaterThanOrEqual(8)
  const log = lines.join('\n')
  for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), name).toBe(false)

  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  const requestLines = parsed.filter((line) => line.message === 'request')
  expect(requestLines.length).toBe(8)
  for (const line of requestLines) expect(line.requestId).toEqual(expect.any(String))
  // Lines written while a request was handled (the mail, the activities) carry its id too.
  const ids = new Set(requestLines.map((line) => line.requestId))
  for (const line of parsed.filter((entry) => entry.requestId !== undefined))
    expect(ids.has(line.requestId)).toBe(true)
})
