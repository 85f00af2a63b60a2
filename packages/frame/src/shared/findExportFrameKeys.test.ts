import { expect, test } from 'vitest'
import { answerExportKeyQueries } from './answerExportKeyQueries.js'
import { findExportFrameKeys } from './findExportFrameKeys.js'

const appA = { app: 'app_a', origin: 'https://app-a.example.com' }

test('default: an export frame answers the key it waits on', async () => {
  const frame = answerExportKeyQueries(
    () => appA,
    async () => '04aa',
  )
  try {
    expect(await findExportFrameKeys(appA, (key) => key === '04aa')).toBe('04aa')
  } finally {
    frame.close()
  }
})

test('behavior: with several export frames, the one whose key is accepted answers', async () => {
  const first = answerExportKeyQueries(
    () => appA,
    async () => '04aa',
  )
  const second = answerExportKeyQueries(
    () => appA,
    async () => '04bb',
  )
  try {
    expect(await findExportFrameKeys(appA, (key) => key === '04bb')).toBe('04bb')
  } finally {
    first.close()
    second.close()
  }
})

test('error: no export frame, or one that has opened its bundle, answers nothing in time', async () => {
  const spent = answerExportKeyQueries(
    () => appA,
    async () => undefined,
  )
  try {
    const started = Date.now()
    expect(await findExportFrameKeys(appA, () => true, { timeoutMs: 200 })).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    const other = answerExportKeyQueries(
      () => appA,
      async () => '04cc',
    )
    try {
      expect(await findExportFrameKeys(appA, (key) => key === '04dd', { timeoutMs: 200 })).toBeUndefined()
    } finally {
      other.close()
    }
  } finally {
    spent.close()
  }
})

test('error: attack 6 — an export frame of another app, or embedded by another origin of the site, does not answer', async () => {
  const frames = [
    // Another app's export frame on the same page origin.
    answerExportKeyQueries(
      () => ({ app: 'app_b', origin: appA.origin }),
      async () => '04b1',
    ),
    // The same app's export frame embedded by another origin of the site.
    answerExportKeyQueries(
      () => ({ app: appA.app, origin: 'https://app-b.example.com' }),
      async () => '04b2',
    ),
    // An export frame that has not announced a key to any page yet.
    answerExportKeyQueries(
      () => undefined,
      async () => '04b3',
    ),
  ]
  try {
    expect(await findExportFrameKeys(appA, () => true, { timeoutMs: 300 })).toBeUndefined()
  } finally {
    for (const frame of frames) frame.close()
  }
})
