import { afterEach, beforeEach, expect, test } from 'vitest'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const createReturnWindow = (href: string) => {
  const replaced: string[] = []
  const window = Object.assign(new EventTarget(), {
    location: { href, origin: new URL(href).origin },
    history: {
      replaceState: (_data: unknown, _unused: string, url?: string | URL | null) =>
        void replaced.push(String(url)),
    },
  })
  return { window, replaced }
}

test('default: an OAuth error in the address becomes the error; the parameters are removed', async () => {
  const { window, replaced } = createReturnWindow(
    'http://localhost:5173/return?keep=1&alchemy-error=OAuth+cancelled+by+user&aa-is-signup=true',
  )
  const signer = testbed.createSigner({ window })
  await signer.ready
  expect(replaced).toEqual(['http://localhost:5173/return?keep=1'])
  expect(signer.error).toEqual({ name: 'OauthError', message: 'OAuth cancelled by user' })
  expect(signer.status).toBe('DISCONNECTED')
})

test('behavior: a magic-link bundle sealed to another key fails the sign-in and disconnects', async () => {
  const { window, replaced } = createReturnWindow(
    'http://localhost:5173/return?bundle=notabundle&orgId=org-1',
  )
  const signer = testbed.createSigner({ window })
  await signer.ready
  expect(replaced).toEqual(['http://localhost:5173/return'])
  expect(signer.status).toBe('DISCONNECTED')
  expect(signer.error?.name).toBe('InvalidBundleError')
})

test('behavior: nothing to do without return parameters', async () => {
  const { window, replaced } = createReturnWindow('http://localhost:5173/?page=2')
  const signer = testbed.createSigner({ window })
  await signer.ready
  expect(replaced).toEqual([])
  expect(signer.error).toBeUndefined()
})

test('behavior: the OAuth callback also sends alchemy-is-signup; it is removed with the rest (regression: it stayed in the address)', async () => {
  const { window, replaced } = createReturnWindow(
    'http://localhost:5173/?alchemy-bundle=notabundle&alchemy-org-id=org-1&alchemy-id-token=t&aa-is-signup=true&alchemy-is-signup=true',
  )
  const signer = testbed.createSigner({ window })
  await signer.ready
  expect(replaced).toEqual(['http://localhost:5173/'])
})
