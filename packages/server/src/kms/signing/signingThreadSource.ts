/**
 * The secp256k1 signing thread (see `startSigningThread`), as CommonJS source for
 * `new Worker(source, { eval: true })` (plain JavaScript for the reason given in
 * `store/sqliteWriterWorkerSource.ts`).
 *
 * Protocol: the main thread posts `{ id, jobs: [{ privateKey, message }] }` with every `privateKey`
 * buffer transferred (not copied); the worker signs each 32-byte digest with libsecp256k1 (RFC 6979,
 * low-S), wipes the key, and posts `{ id, results: [{ signature, recid } | { error }] }`.
 */
export const signingThreadSource = `
'use strict'
const { parentPort, workerData } = require('node:worker_threads')
const secp256k1 = require(workerData.secp256k1Path)

parentPort.on('message', ({ id, jobs }) => {
  const results = jobs.map(({ privateKey, message }) => {
    const key = new Uint8Array(privateKey)
    try {
      const { signature, recid } = secp256k1.ecdsaSign(message, key)
      return { signature, recid }
    } catch (error) {
      return { error: String((error && error.message) || error) }
    } finally {
      key.fill(0)
    }
  })
  parentPort.postMessage({ id, results })
})
`
