import { expect, test } from 'vitest'
import * as server from './index.js'

test('default: the package exports', () => {
  expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
    [
      "accountKitRootOrganizationId",
      "createLogger",
      "createSigilServer",
      "createStore",
      "migrateToLatest",
      "resolveConfig",
    ]
  `)
})
