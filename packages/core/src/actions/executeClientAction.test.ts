import { createPublicClient, http } from 'viem'
import { expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { CoreError } from '../errors/CoreError.js'
import { executeClientAction } from './executeClientAction.js'

const client = createPublicClient({ chain: sigilDevnet, transport: http('http://127.0.0.1:1') })
const actions = (c: typeof client) => ({
  describe: ({ prefix }: { prefix: string }) => `${prefix} ${c.chain.name}`,
})

test('default: executeClientAction (useClientActions) runs the decorator’s action with the client', async () => {
  expect(
    await executeClientAction(client, { actions, functionName: 'describe', args: { prefix: 'on' } }),
  ).toBe('on Sigil Devnet')
})

test('error: an action the decorator does not have', async () => {
  await expect(
    executeClientAction(client, { actions, functionName: 'missing' as 'describe', args: { prefix: '' } }),
  ).rejects.toThrowError(CoreError)
  await expect(
    executeClientAction(client, { actions, functionName: 'missing' as 'describe', args: { prefix: '' } }),
  ).rejects.toThrowError('Action missing not found')
})
