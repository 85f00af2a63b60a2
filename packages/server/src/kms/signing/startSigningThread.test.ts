import { randomBytes } from 'node:crypto'
import secp256k1 from 'secp256k1'
import { expect, test } from 'vitest'
import { startSigningThread } from './startSigningThread.js'

test('default: signatures equal libsecp256k1 in line (RFC 6979), with the recovery id', async () => {
  const signing = await startSigningThread()
  try {
    const jobs = Array.from({ length: 50 }, () => ({ key: randomBytes(32), digest: randomBytes(32) }))
    const results = await Promise.all(jobs.map(({ key, digest }) => signing.sign(digest, key)))
    results.forEach((result, index) => {
      const expected = secp256k1.ecdsaSign(jobs[index]!.digest, jobs[index]!.key)
      expect(Buffer.from(result.signature).toString('hex')).toBe(
        Buffer.from(expected.signature).toString('hex'),
      )
      expect(result.recid).toBe(expected.recid)
    })
  } finally {
    await signing.close()
  }
})

test("behavior: the caller's key buffer is left as it was (the thread gets a copy, and wipes it)", async () => {
  const signing = await startSigningThread()
  try {
    const key = randomBytes(32)
    const before = Buffer.from(key)
    await signing.sign(randomBytes(32), key)
    expect(Buffer.from(key).equals(before)).toBe(true)
  } finally {
    await signing.close()
  }
})

test('error: an invalid key (zero) rejects that signature only', async () => {
  const signing = await startSigningThread()
  try {
    const [bad, good] = await Promise.allSettled([
      signing.sign(randomBytes(32), new Uint8Array(32)),
      signing.sign(randomBytes(32), randomBytes(32)),
    ])
    expect(bad.status).toBe('rejected')
    expect(good.status).toBe('fulfilled')
  } finally {
    await signing.close()
  }
})

test('error: after close, signing rejects', async () => {
  const signing = await startSigningThread()
  await signing.close()
  await expect(signing.sign(randomBytes(32), randomBytes(32))).rejects.toThrow(
    'the signing thread has stopped',
  )
})
