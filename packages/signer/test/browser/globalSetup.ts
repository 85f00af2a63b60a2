import { rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildTestAssets } from './buildTestAssets.js'

declare module 'vitest' {
  export interface ProvidedContext {
    browserAssets: { frameDir: string; pageDir: string }
  }
}

/** Vitest global setup: builds the key frames and the test app page once for every Chromium suite. */
export default async function setup(project: TestProject) {
  const assets = await buildTestAssets()
  project.provide('browserAssets', assets)
  return async () => {
    await rm(dirname(assets.frameDir), { recursive: true, force: true })
  }
}
