import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createIssuerKey } from '../auth/jwt/test/createIssuerKey.js'
import { testMasterKey } from '../test/createTestServer.js'
import { runCliInProcess } from '../test/runCliInProcess.js'

/** `sigil-server app jwt-issuer add|list|remove` on a SQLite data dir, as an operator runs them. */

const env = { SIGIL_MASTER_KEY: testMasterKey }
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!)

describe('sigil-server app jwt-issuer', () => {
  let dataDir: string
  let appId: string
  const run = (args: string[]) => runCliInProcess([...args, '--data-dir', dataDir], env)
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sigil-jwt-issuer-'))
    const created = await run(['app', 'create', '--name', 'a', '--origin', 'http://localhost:5173'])
    appId = lastJson(created.stdout).appId
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  test('default', async () => {
    const added = await run([
      'app',
      'jwt-issuer',
      'add',
      '--app',
      appId,
      '--issuer',
      'https://auth.example.com',
      '--jwks-url',
      'https://auth.example.com/.well-known/jwks.json',
      '--audience',
      'my-app',
    ])
    expect(added.code).toBe(0)
    expect(lastJson(added.stdout)).toMatchObject({
      appId,
      issuer: 'https://auth.example.com',
      jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
      publicKey: null,
      audience: 'my-app',
      userClaim: 'sub',
      algorithms: ['RS256', 'ES256'],
    })
    const listed = await run(['app', 'jwt-issuer', 'list', '--app', appId])
    expect(lastJson(listed.stdout)).toHaveLength(1)
    const removed = await run([
      'app',
      'jwt-issuer',
      'remove',
      '--app',
      appId,
      '--issuer',
      'https://auth.example.com',
    ])
    expect(lastJson(removed.stdout)).toEqual({ removed: true })
    expect(lastJson((await run(['app', 'jwt-issuer', 'list', '--app', appId])).stdout)).toEqual([])
  })

  test('behavior: a static PEM key from a file, a user claim and algorithms; the key is not printed', async () => {
    const key = await createIssuerKey({ issuer: 'https://static.example.com', audience: 'a', alg: 'ES256' })
    const file = join(dataDir, 'issuer.pem')
    await writeFile(file, key.publicPem)
    const added = await run([
      'app',
      'jwt-issuer',
      'add',
      '--app',
      appId,
      '--issuer',
      'https://static.example.com',
      '--public-key-file',
      file,
      '--audience',
      'a',
      '--user-claim',
      'uid',
      '--algorithm',
      'ES256,ES384',
    ])
    expect(added.code).toBe(0)
    expect(lastJson(added.stdout)).toMatchObject({
      publicKey: 'static',
      userClaim: 'uid',
      algorithms: ['ES256', 'ES384'],
    })
    expect(added.stdout).not.toContain('BEGIN PUBLIC KEY')
    const again = await run([
      'app',
      'jwt-issuer',
      'add',
      '--app',
      appId,
      '--issuer',
      'https://static.example.com',
      '--public-key',
      key.publicPem,
      '--audience',
      'a',
    ])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already has the issuer')
  })

  test('error: HMAC algorithms, a plain-http JWKS and a missing audience are refused', async () => {
    const base = ['app', 'jwt-issuer', 'add', '--app', appId, '--issuer', 'https://bad.example.com']
    const hmac = await run([
      ...base,
      '--jwks-url',
      'https://bad.example.com/jwks',
      '--audience',
      'a',
      '--algorithm',
      'HS256',
    ])
    expect(hmac.code).toBe(1)
    expect(hmac.stderr).toContain('no HMAC')
    const http = await run([...base, '--jwks-url', 'http://bad.example.com/jwks', '--audience', 'a'])
    expect(http.code).toBe(1)
    expect(http.stderr).toContain('https')
    const noAudience = await run([...base, '--jwks-url', 'https://bad.example.com/jwks'])
    expect(noAudience.code).toBe(1)
    expect(noAudience.stderr).toContain('audience')
  })
})
