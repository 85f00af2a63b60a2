import { afterEach, beforeEach, expect, test } from 'vitest'
import { NotAuthenticatedError } from '../errors/NotAuthenticatedError.js'
import { createSignerTestbed, type SignerTestbed } from '../test/createSignerTestbed.js'
import { version } from '../version.js'
import { getPasskeyStatus } from './getPasskeyStatus.js'

let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

test('default: an email user has no passkey', async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'nopasskey@example.com')
  expect(await getPasskeyStatus(signer)).toEqual({ isPasskeyAdded: false })
  expect(await signer.getPasskeyStatus()).toEqual({ isPasskeyAdded: false })
})

test('behavior: a stamped get_authenticators call straight to the key API', async () => {
  const requests: Request[] = []
  const signer = testbed.createSigner({
    fetch: (input, init) => {
      requests.push(new Request(input, init))
      return testbed.fetch(input, init)
    },
  })
  const user = await testbed.signIn(signer, 'stamped@example.com')
  requests.length = 0
  await getPasskeyStatus(signer)
  const [sent] = requests
  expect(requests).toHaveLength(1)
  expect(sent!.url).toBe('http://sigil.test/public/v1/query/get_authenticators')
  expect(sent!.headers.get('X-Stamp')).toEqual(expect.any(String))
  expect(sent!.headers.get('X-Client-Version')).toBe(`@sigil/signer@${version}`)
  expect(await sent!.json()).toEqual({ organizationId: user.orgId, userId: user.userId })
})

test('error: nobody signed in', async () => {
  const signer = testbed.createSigner()
  await signer.ready
  await expect(getPasskeyStatus(signer)).rejects.toBeInstanceOf(NotAuthenticatedError)
})
