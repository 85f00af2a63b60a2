import type { Signer } from '@sigil/signer'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type CoreTestbed, createCoreTestbed } from '../test/createCoreTestbed.js'
import { getSigner } from './getSigner.js'
import { watchSigner } from './watchSigner.js'

let testbed: CoreTestbed
beforeAll(async () => {
  testbed = await createCoreTestbed()
})
afterAll(() => testbed?.cleanup())

test('default: watchSigner (Account Kit name) reports the signer getSigner makes, once', async () => {
  const config = testbed.createConfig()
  const seen: (Signer | undefined)[] = []
  const unwatch = watchSigner(config)((signer) => seen.push(signer))
  expect(seen).toEqual([])
  const signer = getSigner(config)
  expect(signer).toBeDefined()
  expect(seen).toEqual([signer])
  expect(getSigner(config)).toBe(signer)
  expect(seen).toHaveLength(1)
  unwatch()
  await signer?.ready
})

test('behavior: watchSigner does not make a signer; during server rendering there is none to report', () => {
  const config = testbed.createConfig({ stamper: undefined })
  const seen: unknown[] = []
  watchSigner(config)((signer) => seen.push(signer))
  expect(config.store.getState().signer).toBeUndefined()
  expect(getSigner(config)).toBeUndefined()
  expect(seen).toEqual([])
})
