import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixtureDir, guidePath, type MigratedApp, migrateAccountKitApp } from './migrateAccountKitApp.js'
import { migrateSource } from './migrateSource.js'
import { type MigrationMaps, readMigrationMaps } from './readMigrationMaps.js'
import { type MigrationTestbed, startMigrationTestbed } from './startMigrationTestbed.js'
import { typecheckApp } from './typecheckApp.js'

/**
 * docs/migrating-from-account-kit.md, followed: an app written the Account Kit way (`accountKitApp/`,
 * `@account-kit/react` and `@account-kit/infra`), migrated by the guide's import and name maps, must
 * type-check against Sigil's packages, build with Vite, and sign a user in by email code and sign a
 * message as the smart account in Chromium against a real Sigil server and local chain.
 */

let app: MigratedApp
let testbed: MigrationTestbed
let maps: MigrationMaps
/** The type check, run in a child process while the testbed starts: its error, if any. */
let typecheck: Promise<Error | undefined>
beforeAll(async () => {
  maps = readMigrationMaps(await readFile(guidePath, 'utf8'))
  app = await migrateAccountKitApp()
  typecheck = typecheckApp(app.dir).then(
    () => undefined,
    (error: Error) => error,
  )
  testbed = await startMigrationTestbed(app.dir)
}, 120_000)
afterAll(async () => {
  await testbed?.close()
  await typecheck
  if (app) await rm(app.dir, { recursive: true, force: true })
})

describe('migrating an Account Kit app by the guide', () => {
  test('default: no Account Kit import or name is left, and the result type-checks against Sigil', async () => {
    for (const [name, code] of app.files) {
      expect(code, name).not.toMatch(/@account-kit\//)
      expect(code, name).not.toMatch(/\b(AlchemyAccountProvider|alchemy|signerConnection)\b/)
    }
    expect(app.files.get('main.tsx')).toMatch(/<SigilProvider config=\{config\}/)
    expect(await typecheck).toBeUndefined()
  }, 120_000)

  test('behavior: the migrated app signs in by email code and signs a message as its smart account', async () => {
    const email = 'ada@example.com'
    const page = await testbed.openApp()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
    await page.getByLabel('Verification code').fill(await testbed.readCode(email))
    await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor({ timeout: 20_000 })

    const account = page.getByTestId('account')
    await expect.poll(() => account.textContent(), { timeout: 20_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await page.getByRole('button', { name: 'Sign message' }).click()
    const signature = (await page.getByTestId('signature').textContent({ timeout: 20_000 })) as `0x${string}`
    expect(signature).toMatch(/^0x[0-9a-f]{130,}$/)

    // As Account Kit's useSignMessage({ client }) does: the smart account's signature (EIP-6492-wrapped
    // before deployment), which verifies against the account's address.
    const node = createPublicClient({ transport: http(testbed.chain.rpcUrl) })
    const address = (await account.textContent()) as `0x${string}`
    const message = 'hello from an Account Kit app'
    expect(await node.verifyMessage({ address, message, signature })).toBe(true)
    await page.context().close()
  }, 60_000)

  test('error: a name the fixture imports but the name map lacks is reported, not guessed', async () => {
    const names = new Map(maps.names)
    names.delete('AlchemyAccountProvider')
    const source = await readFile(join(fixtureDir, 'main.tsx'), 'utf8')
    const result = migrateSource('main.tsx', source, { imports: maps.imports, names })
    expect(result.unmapped).toEqual(['AlchemyAccountProvider'])
    expect(result.code).toMatch(/<AlchemyAccountProvider /)
  })

  test('error: a name the map marks "—" and an unlisted module are reported', () => {
    const source = [
      "import { useSmartWalletClient } from '@account-kit/react'",
      "import '@account-kit/react/styles.css'",
    ].join('\n')
    const result = migrateSource('App.tsx', source, maps)
    expect(result.unsupported).toEqual(['useSmartWalletClient'])
    expect(result.unmappedModules).toEqual(['@account-kit/react/styles.css'])
  })

  test('behavior: the guide maps cover every module and name the fixture imports from Account Kit', async () => {
    const sources = (await readdir(fixtureDir)).filter((name) => /\.tsx?$/.test(name))
    expect(sources.length).toBeGreaterThan(0)
    for (const name of sources) {
      const source = await readFile(join(fixtureDir, name), 'utf8')
      const { unmapped, unsupported, unmappedModules } = migrateSource(name, source, maps)
      expect({ unmapped, unsupported, unmappedModules }, name).toEqual({
        unmapped: [],
        unsupported: [],
        unmappedModules: [],
      })
    }
    expect(maps.imports.get('@account-kit/react')).toBe('@sigil/react')
    expect(maps.names.get('AlchemyAccountProvider')).toBe('SigilProvider')
    expect(maps.names.get('alchemy')).toBe('sigil')
  })
})
