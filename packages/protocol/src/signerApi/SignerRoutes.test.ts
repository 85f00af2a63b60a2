import { describe, expect, test } from 'vitest'
import { signerPagePaths, signerRoutePaths } from './SignerRoutes.js'

describe('signerRoutePaths', () => {
  test('default', () => {
    expect(signerRoutePaths).toContain('/v1/otp')
    expect(signerRoutePaths).toContain('/v1/auth-validate-multi-factors')
  })

  test('behavior: lists each path once, all under /v1/', () => {
    expect(new Set(signerRoutePaths).size).toBe(signerRoutePaths.length)
    expect(signerRoutePaths).toHaveLength(34)
    for (const path of [...signerRoutePaths, ...signerPagePaths]) expect(path).toMatch(/^\/v1\/[a-z/-]+$/)
  })

  test('behavior: the browser pages are not JSON routes', () => {
    for (const path of signerPagePaths) expect(signerRoutePaths).not.toContain(path)
  })
})
