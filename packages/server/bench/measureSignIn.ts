import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { p256 } from '@noble/curves/nist.js'
import { base64urlEncode, bytesToHex } from '@sigil/protocol'
import { createApp } from '../src/apps/createApp.js'
import { createSigilServer } from '../src/createSigilServer.js'
import { createLogger } from '../src/log/createLogger.js'
import type { StoreDialect } from '../src/store/createStore.js'
import { createTestStore } from '../src/store/test/storeDialects.js'
import { createSoftwarePasskey } from '../src/test/createSoftwarePasskey.js'

export type SignInTimings = {
  emailSignIn: number[]
  signup: number[]
  otp: number[]
  passkeyWhoami: number[]
}

const origin = 'http://localhost:5173'
const unlimited = { points: 1_000_000, duration: 60 }

/**
 * Server time of sign-ins, in process (`app.request`, so no network and no client work is timed):
 * for `users` new users, `/v1/signup` + `/v1/otp` (the code is read from the dev mailbox between
 * the two, untimed; mail is stored, not delivered), and `users` passkey-stamped `/v1/whoami` calls.
 */
export async function measureSignIn(dialect: StoreDialect, users: number): Promise<SignInTimings> {
  const store = await createTestStore(dialect)
  const dataDir = store.location.dataDir ?? (await mkdtemp(join(tmpdir(), 'sigil-bench-signin-')))
  const app = await createSigilServer({
    store,
    dataDir,
    masterKey: '5e'.repeat(32),
    dev: true,
    devMailbox: true,
    logger: createLogger({ level: 'silent' }),
    rateLimits: { emailSendsPerIp: unlimited, codeChecksPerIp: unlimited },
  })
  const { apiKey } = await createApp(store.db, { name: 'bench', origins: [origin], now: Date.now() })
  const post = (path: string, body: unknown) =>
    app.request(`/signer${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    })
  const timings: SignInTimings = { emailSignIn: [], signup: [], otp: [], passkeyWhoami: [] }
  try {
    for (let index = 0; index < users; index++) {
      const email = `bench-${index}-${Date.now()}@example.com`
      const targetPublicKey = bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false))
      let started = performance.now()
      const signup = await post('/v1/signup', { email, targetPublicKey })
      const signupMs = performance.now() - started
      const { orgId, otpId } = (await signup.json()) as { orgId: string; otpId: string }
      const mail = await store.db
        .selectFrom('dev_mail')
        .select('text')
        .where('to_address', '=', email)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
      const otpCode = mail.text.match(/\b\d{6}\b/)?.[0]
      started = performance.now()
      const otp = await post('/v1/otp', { orgId, otpId, otpCode, targetPublicKey })
      const otpMs = performance.now() - started
      const { credentialBundle } = (await otp.json()) as { credentialBundle?: string }
      if (signup.status !== 200 || otp.status !== 200 || !credentialBundle)
        throw new Error(`sign-in ${index} failed`)
      timings.signup.push(signupMs)
      timings.otp.push(otpMs)
      timings.emailSignIn.push(signupMs + otpMs)
    }

    const passkey = createSoftwarePasskey({ rpId: 'localhost', origin })
    const challenge = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))
    const { credentialId, clientDataJson, attestationObject, transports } = passkey.register(challenge)
    const signup = await post('/v1/signup', {
      passkey: { challenge, attestation: { credentialId, clientDataJson, attestationObject, transports } },
    })
    if (signup.status !== 200) throw new Error('passkey sign-up failed')
    const body = JSON.stringify({ organizationId: '24c1acf5-810f-41e0-a503-d5d13fa8e830' })
    for (let index = 0; index < users; index++) {
      const stampHeaderValue = passkey.stamp(body)
      const started = performance.now()
      const whoami = await post('/v1/whoami', {
        stampedRequest: { body, stamp: { stampHeaderName: 'X-Stamp-Webauthn', stampHeaderValue } },
      })
      timings.passkeyWhoami.push(performance.now() - started)
      if (whoami.status !== 200) throw new Error(`passkey whoami ${index} failed`)
    }
    return timings
  } finally {
    await app.close()
    await store.cleanup()
    if (!store.location.dataDir) await rm(dataDir, { recursive: true, force: true })
  }
}
