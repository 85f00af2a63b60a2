import { describe, expect, test } from 'vitest'
import { retryOnConflict, VersionConflict } from './retryOnConflict.js'

describe('retryOnConflict', () => {
  test('default: runs again after a version conflict and answers the first result', async () => {
    let runs = 0
    const result = await retryOnConflict(async () => {
      runs++
      if (runs < 3) throw new VersionConflict()
      return 'done'
    })
    expect({ result, runs }).toEqual({ result: 'done', runs: 3 })
  })

  test('behavior: retryWhen adds errors worth another run', async () => {
    let runs = 0
    const unique = new Error('unique violation')
    await retryOnConflict(
      async () => {
        if (++runs === 1) throw unique
      },
      { retryWhen: (error) => error === unique },
    )
    expect(runs).toBe(2)
  })

  test('error: other errors pass through at once; conflicts stop after maxAttempts', async () => {
    let runs = 0
    await expect(
      retryOnConflict(async () => {
        runs++
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(runs).toBe(1)
    runs = 0
    await expect(
      retryOnConflict(
        async () => {
          runs++
          throw new VersionConflict()
        },
        { maxAttempts: 4 },
      ),
    ).rejects.toBeInstanceOf(VersionConflict)
    expect(runs).toBe(4)
  })
})
