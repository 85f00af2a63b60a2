import { expect, test } from 'vitest'
import { answerExportKeyQueries } from './answerExportKeyQueries.js'
import { findExportFrameKeys } from './findExportFrameKeys.js'

test('default: an export frame answers the key it waits on', async () => {
  const frame = answerExportKeyQueries(async () => '04aa')
  try {
    expect(await findExportFrameKeys((key) => key === '04aa')).toBe('04aa')
  } finally {
    frame.close()
  }
})

test('behavior: with several export frames, the one whose key is accepted answers', async () => {
  const first = answerExportKeyQueries(async () => '04aa')
  const second = answerExportKeyQueries(async () => '04bb')
  try {
    expect(await findExportFrameKeys((key) => key === '04bb')).toBe('04bb')
  } finally {
    first.close()
    second.close()
  }
})

test('error: no export frame, or one that has opened its bundle, answers nothing in time', async () => {
  const spent = answerExportKeyQueries(async () => undefined)
  try {
    const started = Date.now()
    expect(await findExportFrameKeys(() => true, { timeoutMs: 200 })).toBeUndefined()
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    const other = answerExportKeyQueries(async () => '04cc')
    try {
      expect(await findExportFrameKeys((key) => key === '04dd', { timeoutMs: 200 })).toBeUndefined()
    } finally {
      other.close()
    }
  } finally {
    spent.close()
  }
})
